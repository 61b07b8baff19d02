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

    /// Builds and runs the world (and those of the variants the claims need), then writes
    /// `manifest.json`, `timeline.jsonl` and `metrics.json` of the chosen one into a new folder.
    /// Throws `ScenarioError` for a scenario the models reject or an unknown variant.
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
        var recording: HCICaptureRecording?
        let measured = try ReplicationMeasurement.measure(scenario, replication: replication, also: variant) {
            name, variantScenario in
            let world = try World(scenario: variantScenario, seed: seed, replication: replication)
            if name == variant { recording = try capture.map { try $0.attach(to: world) } }
            return world.run()
        }
        try recording?.finish()
        guard let chosen = measured.worlds.first(where: { $0.variant == variant }) else {
            preconditionFailure("the chosen variant always runs")
        }
        let elapsed = ContinuousClock.now - clock
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let label =
            "seed\(seed)" + (replication == 0 ? "" : "-rep\(replication)") + (variant.map { "-\($0)" } ?? "")
        let directory = try store.newRunDirectory(scenario: scenario.name, label: label, now: started)
        let result = chosen.result
        let manifest = RunManifest(
            command: "run", scenario: ran, seed: seed, replications: 1, startedAt: started, wallTimeSeconds: wall,
            extra: [
                ("replication", String(replication)), ("variant", variant.map(JSONText.string) ?? "null"),
                ("packetsSent", String(result.packetsSent)), ("packetsReceived", String(result.packetsReceived)),
                ("events", String(result.eventsHandled)),
            ] + (recording?.manifestFields ?? []))
        let metrics = try store.writeRun(result, scenario: ran, manifest: manifest, in: directory)
        let claims = scenario.expect.map { ClaimEvaluator.evaluate($0, runs: [measured.run]) }
        return Report(directory: directory, result: result, metrics: metrics, claims: claims, wallSeconds: wall)
    }
}
