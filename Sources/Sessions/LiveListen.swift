// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
public import BeaconSim
public import Foundation
internal import BLEAdvertising
internal import HCICapture
public import HCILive
public import ScenarioFormat
public import SimulationCore

/// `beaconsim listen`: a real controller's advertising reports feed one phone of a scenario in real
/// time (wall clock since start = simulated time), through the same `PhoneDevice.receive` path as
/// a simulation, so scan windows, lifecycle, region monitor and ranging apply.
///
/// The session is a `LiveMedium` (the controller, paced by the wall clock) run by the world's one
/// loop, plus a results folder. Sends Reset, LE Set Scan Parameters (passive, interval = window =
/// 10 ms: continuous) and LE Set Scan Enable; accepts legacy (0x02) and extended (0x0D) reports. timeline.jsonl is written line by
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
    /// Called with each line to show live (region events as they happen, a summary every
    /// `console.interval`); nil: silent.
    public var show: ((String) -> Void)?
    /// The live lines' state (and the summary interval).
    public var console = LiveConsole()

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

    /// Opens the named `transport` and runs the session on it until `duration` or `stop()`.
    /// Throws `HCIError` for transport or controller failures (after writing what it has when the
    /// session had started) and `ScenarioError`.
    public func execute(stop: () -> Bool) throws -> Report {
        let name = try HCITransportName(parsing: transport)
        // Fail before connecting: an unknown phone, or a scenario the models reject.
        _ = try ResolvedScenario(World.externalRadioScenario(for: scenario, phone: phone, duration: 1))
        let link = try name.open(timeout: timeout)
        defer { link.close() }
        return try execute(on: link, clock: WallSessionClock(), stop: stop)
    }

    /// Runs the session over an open `link` (a real controller, or a test double) with simulated
    /// time = `clock`'s elapsed time, until `duration` or `stop()`.
    public func execute(on link: any HCITransport, clock: any SessionClock, stop: () -> Bool) throws -> Report {
        let reduced = try World.externalRadioScenario(
            for: scenario, phone: phone, duration: duration?.nanoseconds ?? Int64.max / 4)
        let host = HCIHost(transport: link, commandTimeout: timeout)
        var session: (folder: SessionFolder, timeline: LiveTimeline)?
        defer { session?.timeline.close() }
        // The medium keeps `stop` only while the world runs.
        let (measured, medium) = try withoutActuallyEscaping(stop) { stop in
            var medium = LiveMedium(
                host: host, clock: clock, duration: duration, stop: stop, show: show, console: console)
            let measured = try ReplicationMeasurement.measure(session: reduced, seed: scenario.seed, through: &medium) {
                world in
                try host.execute(.reset())
                try host.execute(.leSetScanParameters(active: false, interval: 0x0010, window: 0x0010))
                try host.execute(.leSetScanEnable(true, filterDuplicates: false))
                let folder = try SessionFolder(store: store, scenario: world.runScenario.name, label: "listen", clock: clock)
                let timeline = try LiveTimeline(in: folder.directory, show: show)
                session = (folder, timeline)
                return timeline
            }
            return (measured, medium.summary)
        }
        // `measure` attached the session (its folder and timeline) before the world ran.
        guard let (folder, timeline) = session else { throw ScenarioError(setting: "listen", message: "no session") }
        let directory = folder.directory
        var result = measured.result
        result.trace = timeline.records
        let end = medium.closedAt
        if medium.failure == nil { _ = try? host.execute(.leSetScanEnable(false)) }
        try timeline.check()
        var ran = measured.scenario
        ran.duration = max(1, end.nanoseconds)
        let manifest = folder.manifest(
            command: "listen", scenario: ran, seed: ran.seed, result: result, packetsName: "packetsOffered",
            wallSeconds: end.seconds,
            extra: [
                ("transport", JSONText.string(transport)), ("phone", JSONText.string(ran.phones.first?.name ?? "")),
                ("durationSeconds", end.description), ("reports", String(medium.reports)),
                ("iBeaconReports", String(medium.iBeaconReports)),
                ("droppedEvents", String(host.droppedEvents)), ("droppedPackets", String(medium.droppedPackets)),
                (
                    "stoppedBy",
                    JSONText.string(medium.failure.map { "error: \($0)" } ?? (stop() ? "signal" : "duration"))
                ),
            ])
        let metrics = try store.writeRun(result, scenario: ran, manifest: manifest, in: directory, timelineWritten: true)
        if let failure = medium.failure { throw failure }
        return Report(
            directory: directory, result: result, metrics: metrics, reports: medium.reports,
            iBeaconReports: medium.iBeaconReports, scenario: ran)
    }

    /// A beacon as the live lines name it: the UUID's first 8 hex digits, major, minor.
    static func label(_ identity: IBeaconIdentity) -> String {
        "\(identity.uuid.description.prefix(8))…/\(identity.major)/\(identity.minor)"
    }

    /// Most distinct iBeacon identities followed in one session (a venue has hundreds at most).
    public static let maximumTransmitters = 1_000

    /// The index for a transmitter seen first after `count` others; nil past the limit.
    static func newSource(_ count: Int) -> Int? { count < maximumTransmitters ? count : nil }
}
