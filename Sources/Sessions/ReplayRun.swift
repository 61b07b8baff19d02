// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
public import BeaconSim
public import Foundation
public import ScenarioFormat
public import SimulationCore

/// `beaconsim replay`: a capture's iBeacon packets run through one phone of a scenario instead of
/// the synthetic radio; the same results files as `run` (timeline.jsonl, metrics.json, manifest.json
/// with the capture's SHA-256), and the scenario's claims about that phone evaluated over the run
/// (variants they use are replayed too).
public struct ReplayRun {
    public var scenario: Scenario
    public var capturePath: String
    public var store: ResultsStore
    /// The phone (nil: the scenario's first).
    public var phone: String?
    /// Added to the rebased capture times (first observation at t = 0).
    public var offset: SimDuration = .zero
    /// Time after the last observation, so exits can happen; nil: the simulated duration for a
    /// BeaconSim capture, else 5 min.
    public var tail: SimDuration?
    /// The run's whole length, replacing last observation + tail; nil: computed.
    public var duration: SimDuration?
    /// The seed of the phone's random streams; nil: a BeaconSim capture's, else the scenario's.
    public var seed: UInt64?
    /// Silences in the capture longer than this are cut to it (see `CaptureReplay`).
    public var idleGap: SimDuration = .seconds(3_600)
    /// The replication number of the phone's random streams, as in `check --capture`.
    public var replication = 0

    public init(scenario: Scenario, capturePath: String, store: ResultsStore) {
        self.scenario = scenario
        self.capturePath = capturePath
        self.store = store
    }

    /// What a replay produced, for printing.
    public struct Report {
        public var directory: URL
        public var result: RunResult
        public var metrics: [RegionMetrics]
        public var capture: CaptureReplay
        /// The scenario actually run: one phone, no beacons, the replay's duration.
        public var scenario: Scenario
        /// The scenario's claims about the replayed phone (or every phone), evaluated over this run.
        public var claims: [ClaimOutcome]
        /// Claims left out because they are about other phones.
        public var skippedClaims: [ClaimSpec]
        public var wallSeconds: Double
        /// True when `stop` ended the replay early: the results folder holds what ran, the claims
        /// were not evaluated (the manifest says `"interrupted": true`).
        public var interrupted = false
    }

    /// Raised by the executable's signal handler: the replay stops reading, writes what ran and
    /// returns with `Report.interrupted`.
    public var stop: StopFlag?

    /// The run's length in nanoseconds: `duration`, else the sum of `parts`, at least 1 ns; an error
    /// (not a trap) when it passes `ScenarioLimits.maximumSpan`.
    static func length(_ duration: Int64?, _ parts: [Int64]) throws -> Int64 {
        var sum = Int64(0)
        var overflow = false
        for part in parts where !overflow { (sum, overflow) = sum.addingReportingOverflow(part) }
        let length = duration ?? sum
        let limit = ScenarioLimits.maximumSpan
        guard duration != nil || !overflow, length <= limit else {
            throw ScenarioError(
                setting: "--duration",
                message: "the replay would last more than \(limit / 3_600_000_000_000) h (the longest simulated span)")
        }
        return max(length, 1)
    }

    /// Reads the capture, replays it and writes the results folder. Throws `CaptureError` for a
    /// damaged capture and `ScenarioError` for an unknown phone or a scenario the models reject.
    public func execute(clock: any SessionClock = WallSessionClock()) throws -> Report {
        let capture = try CaptureReplay(path: capturePath, offset: offset, idleGap: idleGap, stop: stop)
        // A BeaconSim capture knows its run: the same length (shifted by any offset) and seed.
        let simulated = tail == nil ? capture.simulation.map { $0.duration } : nil
        let length = try Self.length(
            duration?.nanoseconds,
            simulated.map { [$0, offset.nanoseconds] }
                ?? [capture.lastObservation.nanoseconds, (tail ?? .minutes(5)).nanoseconds])
        let seed = self.seed ?? capture.simulation?.seed ?? scenario.seed
        let reduced = try CaptureClaims.reduced(scenario, phone: phone, duration: length)
        // The folder is made once the first world is built (a scenario the models reject leaves
        // none). Streamed: the timeline is written and the metrics computed as the replay runs, so
        // memory does not grow with the replayed span; only the records the claims' events match are kept.
        var session: (folder: SessionFolder, timeline: ResultFile)?
        let measured = try ReplicationMeasurement.measure(
            reduced, seed: seed, replication: replication, radio: .capture(capture), stop: stop,
            whenStopped: .returnWhatRan
        ) { variant, world in
            guard variant == nil else { return ReplicationMeasurement.Sinks() }
            guard let world else { preconditionFailure("a replay is one world (a capture's radio is never split)") }
            let folder = try SessionFolder(store: store, scenario: world.runScenario.name, label: "replay", clock: clock)
            let timeline = try ResultFile("timeline.jsonl", in: folder.directory)
            session = (folder, timeline)
            return ReplicationMeasurement.Sinks(timeline: timeline)
        }
        // `measure` always runs the scenario as written first, and made the folder for it.
        guard let (folder, timeline) = session, let replayed = measured.worlds.first else {
            throw ScenarioError(setting: "replay", message: "nothing was replayed")
        }
        try timeline.commit()
        let directory = folder.directory
        let (result, metrics) = (replayed.result, replayed.metrics)
        let interrupted = measured.worlds.contains(where: \.stoppedEarly)
        let ran = replayed.scenario
        let wall = clock.elapsed().seconds
        let manifest = folder.manifest(
            command: "replay", scenario: ran, seed: seed, result: result, packetsName: "packetsOffered",
            wallSeconds: wall,
            extra: [
                ("capture", JSONText.string(capturePath)), ("captureSHA256", JSONText.string(capture.sha256)),
                ("captureFormat", JSONText.string(capture.format)),
                ("captureStartUnixNanoseconds", capture.captureStart.map { String($0) } ?? "null"),
                ("phone", JSONText.string(ran.phones.first?.name ?? "")), ("replication", String(replication)),
                ("durationSeconds", SimTime(nanoseconds: ran.duration).description),
                ("observations", String(capture.observations)), ("otherObservations", String(capture.otherObservations)),
                ("iBeaconWithoutRSSI", String(capture.withoutRSSI)),
                ("idleGapsCut", String(capture.idleGaps)), ("idleSecondsCut", capture.idleSkipped.secondsString),
            ] + (interrupted ? [("interrupted", "true")] : []))
        try store.writeRun(result, metrics: metrics, scenario: ran, manifest: manifest, in: directory)
        if interrupted {
            return Report(
                directory: directory, result: result, metrics: metrics, capture: capture, scenario: ran, claims: [],
                skippedClaims: [], wallSeconds: wall, interrupted: true)
        }
        return Report(
            directory: directory, result: result, metrics: metrics, capture: capture, scenario: ran,
            claims: reduced.expect.map { ClaimEvaluator.evaluate($0, runs: [measured.run]) },
            skippedClaims: scenario.expect.filter { !reduced.expect.contains($0) }, wallSeconds: wall)
    }
}
