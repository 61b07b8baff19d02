// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import HCICapture
public import SimulationCore

/// What `beaconsim listen` shows in the terminal while it runs: one line per region event as it
/// happens (`didEnterRegion`, `didExitRegion`, `didDetermineState`, the OS's region state, lost
/// callbacks, notifications) and, every `interval`, a summary of what the controller delivered —
/// reports, iBeacon reports, and per beacon heard since the last summary its packets and mean RSSI.
public struct LiveConsole {
    /// Seconds of wall time between summaries.
    public var interval: SimDuration
    private var nextSummary: SimTime
    /// Advertising reports since the start, and those carrying an iBeacon.
    public private(set) var reports = 0
    public private(set) var iBeaconReports = 0
    /// Per beacon (in order first heard): packets and RSSI sum since the last summary, and each
    /// beacon's place in it. Both start again at each summary and hold at most `maximumBeacons`
    /// (a transmitter with a new identity per report must not grow memory or slow the look-up).
    private var heard: [(name: String, packets: Int, rssiSum: Int)] = []
    private var heardIndex: [String: Int] = [:]
    /// iBeacon reports since the last summary of beacons past `maximumBeacons`.
    private var unlisted = 0
    /// Most beacons tallied between two summaries: `LiveListen.maximumTransmitters`' 1,000.
    public static let maximumBeacons = 1_000
    /// Most beacons named on a summary line; the rest are counted.
    static let namedPerSummary = 20

    public init(interval: SimDuration = .seconds(10)) {
        self.interval = interval
        nextSummary = SimTime.zero + interval
    }

    static let shown: Set<String> = [
        "didEnterRegion", "didExitRegion", "didDetermineState", "osRegionState", "callbackLost", "exitNotDelivered",
        "monitoringDidFail", "notificationPosted",
    ]

    /// The line for `record`, or nil for events not shown (ranging, app state, ground truth).
    public static func line(_ record: TraceRecord) -> String? {
        let name = record.event.name
        guard shown.contains(name) else { return nil }
        let details = record.event.fields.compactMap { field -> String? in
            switch field.value {
            case .text(let text): field.name == "region" ? text : "\(field.name) \(text)"
            case .time(let time): "\(field.name) \(seconds(time)) s"
            case .flag, .beacons: nil
            }
        }
        return "\(seconds(record.time)) s  \(name)  " + details.joined(separator: "  ")
    }

    /// Seconds since the start, to a tenth.
    static func seconds(_ time: SimTime) -> String { RunSummary.rounded(time.seconds, 1) }

    /// Counts an advertising report (and its iBeacon, if any, heard at `rssi` dBm).
    public mutating func report(iBeacon name: String?, rssi: Int?) {
        reports += 1
        guard let name else { return }
        iBeaconReports += 1
        let index: Int
        if let known = heardIndex[name] {
            index = known
        } else if heard.count < Self.maximumBeacons {
            index = heard.count
            heardIndex[name] = index
            heard.append((name, 0, 0))
        } else {
            unlisted += 1
            return
        }
        heard[index].packets += 1
        heard[index].rssiSum += rssi ?? 0
    }

    /// The summary line when `now` has reached the next summary time (then the per-beacon counts
    /// start again), else nil.
    public mutating func summary(at now: SimTime) -> String? {
        guard now >= nextSummary else { return nil }
        nextSummary = now + interval
        var beacons = heard.prefix(Self.namedPerSummary).map { beacon in
            "\(beacon.name) ×\(beacon.packets) mean \(RunSummary.rounded(Double(beacon.rssiSum) / Double(beacon.packets), 1)) dBm"
        }
        let more = max(0, heard.count - Self.namedPerSummary)
        if more > 0 || unlisted > 0 { beacons.append("\(more)\(unlisted > 0 ? "+" : "") more beacons") }
        heard.removeAll(keepingCapacity: true)
        heardIndex.removeAll(keepingCapacity: true)
        unlisted = 0
        return "\(Self.seconds(now)) s  summary: \(reports) reports, \(iBeaconReports) iBeacon; "
            + (beacons.isEmpty ? "no iBeacon heard" : "heard " + beacons.joined(separator: ", "))
            + " in the last \(interval.nanoseconds / 1_000_000_000) s"
    }
}
