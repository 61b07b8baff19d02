// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation
public import ScenarioFormat

/// `beaconsim run`: one replication, its results folder (manifest, timeline, metrics), its
/// claims evaluated over that replication alone, and a summary.
///
/// Replication `replication` with seed `seed` is the same world as replication `replication` of
/// `beaconsim check` with that seed, so a replication a check names can be re-run and inspected.
public struct SimulationRun {
    public let scenario: Scenario
    public let seed: UInt64
    public let store: ResultsStore
    /// The replication number (default 0).
    public var replication: Int
    /// The variant whose timeline is written (nil = the scenario as written).
    public var variant: String?
    /// Also write one phone's HCI traffic to a capture file (`run --capture`); nil: none.
    public var capture: HCICaptureRequest?
    /// The fast loop (default) or the reference loop (`run --reference-loop`): the same results.
    public var loop: LoopMode = .fast

    public init(
        scenario: Scenario, seed: UInt64, store: ResultsStore, replication: Int = 0, variant: String? = nil,
        capture: HCICaptureRequest? = nil
    ) {
        self.scenario = scenario
        self.seed = seed
        self.store = store
        self.replication = replication
        self.variant = variant == ScenarioVariant.baseName ? nil : variant
        self.capture = capture
    }

    /// What a run produced, for printing.
    public struct Report {
        public var directory: URL
        public var result: RunResult
        public var metrics: [RegionMetrics]
        /// The scenario's claims evaluated over this replication (variants the claims need ran too).
        public var claims: [ClaimOutcome]
        public var wallSeconds: Double
    }

    /// Builds and runs the world (and those of the variants the claims need), writing the chosen
    /// one's `timeline.jsonl` into a new folder as its records are produced and computing its
    /// metrics online (memory does not grow with the simulated duration), then `metrics.json` and
    /// `manifest.json`. Throws `ScenarioError` for a scenario the models reject or an unknown
    /// variant (an empty folder is removed again).
    public func execute() throws -> Report {
        let started = Date()
        let clock = ContinuousClock.now
        guard let ran = scenario.variant(variant) else {
            let names = scenario.variants.map(\.name)
            throw ScenarioError([
                Diagnostic(
                    at: SourceLocation(file: scenario.sourcePath, line: 1, column: 1),
                    "no variant named '\(variant ?? "")'; variants: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
            ])
        }
        let label =
            "seed\(seed)" + (replication == 0 ? "" : "-rep\(replication)") + (variant.map { "-\($0)" } ?? "")
        let directory = try store.newRunDirectory(scenario: scenario.name, label: label, now: started)
        do {
            var recording: HCICaptureRecording?
            var timeline: ResultFile?
            let measured = try ReplicationMeasurement.measure(scenario, replication: replication, also: variant) {
                name, variantScenario in
                let world = try World(scenario: variantScenario, seed: seed, replication: replication)
                if name == variant {
                    recording = try capture.map { try $0.attach(to: world) }
                    timeline = try ResultFile("timeline.jsonl", in: directory)
                }
                return RunRecording.measure(
                    world, scenario: variantScenario, claims: scenario.expect, timeline: name == variant ? timeline : nil,
                    mode: loop)
            }
            try recording?.finish()
            try timeline?.commit()
            guard let chosen = measured.worlds.first(where: { $0.variant == variant }) else {
                preconditionFailure("the chosen variant always runs")
            }
            let elapsed = ContinuousClock.now - clock
            let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let result = chosen.result
            let manifest = RunManifest(
                command: "run", scenario: ran, seed: seed, replications: 1, startedAt: started, wallTimeSeconds: wall,
                extra: [
                    ("replication", String(replication)), ("variant", variant.map(JSONText.string) ?? "null"),
                    ("packetsSent", String(result.packetsSent)), ("packetsReceived", String(result.packetsReceived)),
                    ("events", String(result.eventsHandled)),
                ] + (recording?.manifestFields ?? []))
            try store.writeRun(result, metrics: chosen.metrics, scenario: ran, manifest: manifest, in: directory)
            let claims = scenario.expect.map { ClaimEvaluator.evaluate($0, runs: [measured.run]) }
            return Report(directory: directory, result: result, metrics: chosen.metrics, claims: claims, wallSeconds: wall)
        } catch {
            rmdir(directory.path)  // only when nothing was committed: an empty folder is no result
            throw error
        }
    }
}
