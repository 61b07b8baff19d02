// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation
internal import BLEAdvertising
internal import HCICapture
internal import HCILive
public import ScenarioFormat
public import SimulationCore

/// `beaconsim listen`: a real controller's advertising reports feed one phone of a scenario in real
/// time (wall clock since start = simulated time), through the same `PhoneDevice.receive` path as
/// a simulation, so scan windows, lifecycle, region monitor and ranging apply.
///
/// Sends Reset, LE Set Scan Parameters (passive, interval = window = 10 ms: continuous) and LE Set
/// Scan Enable; accepts legacy (0x02) and extended (0x0D) reports. timeline.jsonl is written line by
/// line as events happen (flushed each time), so an interruption keeps what was written; at the end
/// scanning is disabled and metrics.json and manifest.json are written.
///
/// Memory is bounded whatever the controller (or a client of a `tcp-server`) sends: `HCIHost`
/// holds at most `HCIHost.maximumQueuedEvents` events, and at most `maximumTransmitters` distinct
/// iBeacon identities are followed; the excess is dropped and counted in the manifest
/// (`droppedEvents`, `droppedPackets`).
public struct LiveListen {
    public var scenario: Scenario
    /// Bumble-style transport name (`tcp-client:127.0.0.1:9000`, `hci:0`, …).
    public var transport: String
    public var store: ResultsStore
    /// The phone (nil: the scenario's first).
    public var phone: String?
    /// Stop after this long; nil: until `stop()` says so (Ctrl-C).
    public var duration: SimDuration?
    /// How long to wait for the transport to connect (and for each command's reply).
    public var timeout: Duration = .seconds(10)

    public init(scenario: Scenario, transport: String, store: ResultsStore) {
        self.scenario = scenario
        self.transport = transport
        self.store = store
    }

    /// What a session produced.
    public struct Report {
        public var directory: URL
        public var result: RunResult
        public var metrics: [RegionMetrics]
        /// Advertising reports received from the controller, and those carrying an iBeacon.
        public var reports: Int
        public var iBeaconReports: Int
        /// The scenario as run: one phone, no beacons, the session's length.
        public var scenario: Scenario
    }

    /// Runs the session until `duration` or `stop()`. Throws `HCIError` for transport or controller
    /// failures (after writing what it has when the session had started) and `ScenarioError`.
    public func execute(stop: () -> Bool) throws -> Report {
        let name = try HCITransportName(parsing: transport)
        let started = Date()
        let world = try World(
            externalRadioFor: scenario, phone: phone, duration: duration?.nanoseconds ?? Int64.max / 4, seed: scenario.seed)
        let link = try name.open(timeout: timeout)
        defer { link.close() }
        let host = HCIHost(transport: link, commandTimeout: timeout)
        try host.execute(.reset())
        try host.execute(.leSetScanParameters(active: false, interval: 0x0010, window: 0x0010))
        try host.execute(.leSetScanEnable(true, filterDuplicates: false))
        let directory = try store.newRunDirectory(scenario: world.runScenario.name, label: "listen", now: started)
        let timeline = try Self.createTimeline(in: directory)
        defer { try? timeline.close() }
        let clock = ContinuousClock.now
        world.begin()
        var written = 0
        var counts = (reports: 0, iBeacon: 0, dropped: 0)
        var assembler = LEExtendedReportAssembler()
        var sources: [IBeaconIdentity: Int] = [:]
        var failure: (any Error)?
        func elapsed() -> SimTime { SimTime(nanoseconds: Self.nanoseconds(ContinuousClock.now - clock)) }
        func flushTimeline() throws {
            let records = world.traceRecords(from: written)
            guard !records.isEmpty else { return }
            try timeline.write(contentsOf: Data(TimelineWriter.text(Array(records)).utf8))
            written += records.count
        }
        do {
            while !stop() {
                if let duration, elapsed().nanoseconds >= duration.nanoseconds { break }
                let event = try host.nextEvent(timeout: .milliseconds(50))
                let now = elapsed()
                world.advance(until: now)
                if case .leAdvertisingReports(let reports) = event {
                    for report in reports {
                        counts.reports += 1
                        guard let complete = assembler.add(report), let rssi = complete.rssi else { continue }
                        let observation = AdvertisingObservation(report: complete, timestamp: 0)
                        for case .ibeacon(let frame) in observation.beaconFrames {
                            counts.iBeacon += 1
                            guard let source = sources[frame.identity] ?? Self.newSource(sources.count) else {
                                counts.dropped += 1
                                continue
                            }
                            sources[frame.identity] = source
                            world.inject(ReplayPacket(time: now, frame: frame, rssi: Int(rssi), source: source))
                        }
                    }
                }
                try flushTimeline()
            }
        } catch {
            failure = error
        }
        let end = elapsed()
        if failure == nil { _ = try? host.execute(.leSetScanEnable(false)) }
        let result = world.finish(at: end)
        try flushTimeline()
        var ran = world.runScenario
        ran.duration = max(1, end.nanoseconds)
        let manifest = RunManifest(
            command: "listen", scenario: ran, seed: ran.seed, replications: 1, startedAt: started,
            wallTimeSeconds: end.seconds,
            extra: [
                ("transport", JSONText.string(transport)), ("phone", JSONText.string(ran.phones.first?.name ?? "")),
                ("durationSeconds", end.description), ("reports", String(counts.reports)),
                ("iBeaconReports", String(counts.iBeacon)), ("packetsReceived", String(result.packetsReceived)),
                ("droppedEvents", String(host.droppedEvents)), ("droppedPackets", String(counts.dropped)),
                ("stoppedBy", JSONText.string(failure.map { "error: \($0)" } ?? (stop() ? "signal" : "duration"))),
            ])
        let metrics = try store.writeRun(result, scenario: ran, manifest: manifest, in: directory, timelineWritten: true)
        if let failure { throw failure }
        return Report(
            directory: directory, result: result, metrics: metrics, reports: counts.reports, iBeaconReports: counts.iBeacon,
            scenario: ran)
    }

    /// Most distinct iBeacon identities followed in one session (a venue has hundreds at most).
    public static let maximumTransmitters = 1_000

    /// The index for a transmitter seen first after `count` others; nil past the limit.
    static func newSource(_ count: Int) -> Int? { count < maximumTransmitters ? count : nil }

    static func createTimeline(in directory: URL) throws -> FileHandle {
        let url = directory.appendingPathComponent("timeline.jsonl")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ResultsError(path: url.path, message: "cannot create")
        }
        return try FileHandle(forWritingTo: url)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    }
}
