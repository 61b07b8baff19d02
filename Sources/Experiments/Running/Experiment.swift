// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation
public import Reporting
public import ScenarioFormat

/// `beaconsim check` and `beaconsim sweep`: every replication of every grid point (or one
/// shard of them) in parallel, with the same seeds at every point (common random numbers), then
/// a results folder with `replications.jsonl`, `manifest.json` and, for a whole experiment, the
/// summary (`check.json`, or `sweep.csv` + `sweep.json`).
///
/// Work item `i` is replication `i % replications` of point `i / replications`; a shard takes
/// the items `Shard.contains(i)`. Results never depend on the thread count or on sharding.
public struct Experiment: Sendable {
    public var kind: ExperimentKind
    public var template: ScenarioTemplate
    public var grid: SweepGrid
    public var seed: UInt64
    public var replications: Int
    public var threads: Int
    public var shard: Shard
    public var store: ResultsStore

    public init(
        kind: ExperimentKind, template: ScenarioTemplate, grid: SweepGrid, seed: UInt64, replications: Int,
        threads: Int,
        shard: Shard = .whole, store: ResultsStore
    ) {
        self.kind = kind
        self.template = template
        self.grid = grid
        self.seed = seed
        self.replications = replications
        self.threads = threads
        self.shard = shard
        self.store = store
    }

    /// The scenario at each point, checking every setting (throws `SettingError`).
    public func scenarios() throws -> [Scenario] {
        try (0..<grid.count).map { try template.applying(grid.settings(at: $0)) }
    }

    /// Runs this experiment's items and writes its folder. Cancelling the calling task keeps
    /// the finished replications: they are written and the manifest says `"interrupted": true`.
    /// Raising `stop` does the same without waiting for the running replications.
    public func execute(stop: StopFlag? = nil, progress: (Int, Int) -> Void = { _, _ in }) async throws
        -> ExperimentOutcome
    {
        let started = Date()
        let clock = ContinuousClock.now
        let scenarios = try self.scenarios()
        // Resolved once per grid point (profiles, walks, matches) and shared by its replications.
        let resolved = try scenarios.map(ResolvedScenario.init)
        let replications = self.replications
        let items = (0..<(grid.count * replications)).filter(shard.contains)
        let seed = self.seed
        let outputs = try await Replications.jobs(items, threads: threads, stop: stop, progress: progress) { item in
            let point = item / replications
            let replication = item % replications
            let measured = try ReplicationMeasurement.measure(scenarios[point], replication: replication) {
                variant, scenario in
                // The scenario as written was resolved once; a claim's variant is resolved here.
                let world =
                    variant == nil
                    ? World(resolved: resolved[point], seed: seed, replication: replication)
                    : try World(scenario: scenario, seed: seed, replication: replication)
                world.stop = stop
                let measured = RunRecording.measure(world, scenario: scenario, claims: scenarios[point].expect)  // online metrics
                if world.stoppedEarly { throw StopFlag.Stopped() }
                return measured
            }
            return ReplicationRecord(point: point, run: measured.run)
        }
        let records = outputs.compactMap { $0 }
        let elapsed = ContinuousClock.now - clock
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let folder = ExperimentFolder(
            kind: kind, scenario: template.base, grid: grid, seed: seed, replications: replications, shard: shard,
            interrupted: records.count < items.count, mergedFrom: 0)
        return try folder.write(records: records, store: store, startedAt: started, wallSeconds: wall, threads: threads)
    }
}
