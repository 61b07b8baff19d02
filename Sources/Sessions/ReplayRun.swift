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
    }

    /// Reads the capture, replays it and writes the results folder. Throws `CaptureError` for a
    /// damaged capture and `ScenarioError` for an unknown phone or a scenario the models reject.
    public func execute(clock: any SessionClock = WallSessionClock()) throws -> Report {
        let capture = try CaptureReplay(path: capturePath, offset: offset, idleGap: idleGap)
        // A BeaconSim capture knows its run: the same length (shifted by any offset) and seed.
        let simulated = tail == nil ? capture.simulation.map { SimDuration(nanoseconds: $0.duration) + offset } : nil
        let length = duration ?? simulated ?? (capture.lastObservation - .zero) + (tail ?? .minutes(5))
        let seed = self.seed ?? capture.simulation?.seed ?? scenario.seed
        let world = try World(
            externalRadioFor: scenario, phone: phone, duration: max(length.nanoseconds, 1), seed: seed,
            replication: replication)
        var medium = CaptureMedium(capture: capture)
        let result = world.run(through: &medium)
        if let failure = medium.failure { throw failure }
        let ran = world.runScenario
        let wall = clock.elapsed().seconds
        let folder = try SessionFolder(store: store, scenario: ran.name, label: "replay", clock: clock)
        let directory = folder.directory
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
            ])
        let metrics = try store.writeRun(result, scenario: ran, manifest: manifest, in: directory)
        let reduced = try CaptureClaims.reduced(scenario, phone: phone, duration: ran.duration)
        let measured = try CaptureClaims.measure(
            reduced, capture: capture, seed: seed, replication: replication, base: result)
        return Report(
            directory: directory, result: result, metrics: metrics, capture: capture, scenario: ran,
            claims: reduced.expect.map { ClaimEvaluator.evaluate($0, runs: [measured.run]) },
            skippedClaims: scenario.expect.filter { !reduced.expect.contains($0) }, wallSeconds: wall)
    }
}
