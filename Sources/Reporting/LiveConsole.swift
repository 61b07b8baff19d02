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
    /// Per beacon (in order first heard): packets and RSSI sum since the last summary.
    private var heard: [(name: String, packets: Int, rssiSum: Int)] = []

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
        let index =
            heard.firstIndex { $0.name == name }
            ?? {
                heard.append((name, 0, 0))
                return heard.count - 1
            }()
        heard[index].packets += 1
        heard[index].rssiSum += rssi ?? 0
    }

    /// The summary line when `now` has reached the next summary time (then the per-beacon counts
    /// start again), else nil.
    public mutating func summary(at now: SimTime) -> String? {
        guard now >= nextSummary else { return nil }
        nextSummary = now + interval
        let beacons = heard.filter { $0.packets > 0 }.map { beacon in
            "\(beacon.name) ×\(beacon.packets) mean \(RunSummary.rounded(Double(beacon.rssiSum) / Double(beacon.packets), 1)) dBm"
        }
        for index in heard.indices { (heard[index].packets, heard[index].rssiSum) = (0, 0) }
        return "\(Self.seconds(now)) s  summary: \(reports) reports, \(iBeaconReports) iBeacon; "
            + (beacons.isEmpty ? "no iBeacon heard" : "heard " + beacons.joined(separator: ", "))
            + " in the last \(interval.nanoseconds / 1_000_000_000) s"
    }
}
