// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation
public import ScenarioFormat

/// `beaconsim run`: one replication, its results folder (manifest, timeline, metrics) and summary.
public struct SimulationRun {
    public let scenario: Scenario
    public let seed: UInt64
    public let store: ResultsStore
    /// Also write one phone's HCI traffic to a capture file (`run --capture`); nil: none.
    public var capture: HCICaptureRequest?

    public init(scenario: Scenario, seed: UInt64, store: ResultsStore, capture: HCICaptureRequest? = nil) {
        self.scenario = scenario
        self.seed = seed
        self.store = store
        self.capture = capture
    }

    /// What a run produced, for printing.
    public struct Report {
        public var directory: URL
        public var result: RunResult
        public var metrics: [RegionMetrics]
        public var wallSeconds: Double
    }

    /// Builds the world, creates a new folder and runs the world into it: `timeline.jsonl` is
    /// written as the records are produced and the metrics are computed online, so memory does not
    /// grow with the simulated duration; then `metrics.json` and `manifest.json`. Throws
    /// `ScenarioError` for a scenario the models reject (before any folder is created).
    public func execute() throws -> Report {
        let started = Date()
        let clock = ContinuousClock.now
        let world = try World(scenario: scenario, seed: seed, replication: 0)
        let recording = try capture.map { try $0.attach(to: world) }
        let directory = try store.newRunDirectory(scenario: scenario.name, label: "seed\(seed)", now: started)
        do {
            let timeline = try ResultFile("timeline.jsonl", in: directory)
            let accumulator = MetricsAccumulator(scenario: scenario)
            let result = world.run(recordingTo: RunRecording(timeline: timeline, metrics: accumulator))
            try recording?.finish()
            try timeline.commit()
            let elapsed = ContinuousClock.now - clock
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let manifest = RunManifest(
                command: "run", scenario: scenario, seed: seed, replications: 1, startedAt: started, wallTimeSeconds: wall,
                extra: [
                    ("packetsSent", String(result.packetsSent)), ("packetsReceived", String(result.packetsReceived)),
                    ("events", String(result.eventsHandled)),
                ] + (recording?.manifestFields ?? []))
            let metrics = accumulator.finish()
            try store.writeRun(result, metrics: metrics, scenario: scenario, manifest: manifest, in: directory)
            return Report(directory: directory, result: result, metrics: metrics, wallSeconds: wall)
        } catch {
            rmdir(directory.path)  // only if nothing was committed: an empty folder is no result
            throw error
        }
    }
}
