// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Reporting
public import ScenarioFormat

/// `beaconsim compare` and `plan` measured: every layout's replications through
/// `ReplicationMeasurement`; Reporting's `LayoutComparison` evaluates them (`assemble`) and writes them.
extension LayoutComparison {
    /// Runs every layout's replications (all layouts' items in one parallel pool, so the progress
    /// bar covers the whole comparison) and evaluates the claims. `progress(done, total)` as in
    /// `Replications.jobs`; raising `stop` or cancelling keeps what finished (then `interrupted`).
    public static func run(
        layouts scenarios: [Scenario], seed: UInt64?, replications: Int, threads: Int,
        resolution: Double = CoverageMap.defaultResolution, stop: StopFlag? = nil,
        progress: (Int, Int) -> Void = { _, _ in }
    ) async throws -> LayoutComparison {
        let seed = seed ?? scenarios.first?.seed ?? 1
        let runs = try await measure(
            layouts: scenarios, seed: seed, replications: replications, threads: threads, stop: stop, progress: progress)
        return try assemble(layouts: scenarios, seed: seed, replications: replications, resolution: resolution, runs: runs)
    }

    /// The replications of every layout whose work item (`layout × replications + replication`)
    /// `include` selects — all of them unless a plan runs one shard — measured for the union of
    /// the layouts' claims; per layout, in replication order.
    public static func measure(
        layouts scenarios: [Scenario], seed: UInt64, replications: Int, threads: Int,
        include: (Int) -> Bool = { _ in true }, stop: StopFlag? = nil, progress: (Int, Int) -> Void = { _, _ in }
    ) async throws -> [[ClaimRun]] {
        let claims = claims(scenarios)
        // Each layout measures every claim's events, not only its own.
        let measured = scenarios.map { scenario -> Scenario in
            var copy = scenario
            copy.expect = claims
            return copy
        }
        let resolved = try measured.map(ResolvedScenario.init)
        let items = (0..<(scenarios.count * replications)).filter(include).map { ($0 / replications, $0 % replications) }
        let outputs = try await Replications.jobs(items, threads: threads, stop: stop, progress: progress) { item in
            let (layout, replication) = item
            return try ReplicationMeasurement.measure(
                measured[layout], seed: seed, replication: replication, radio: .synthetic(resolved: resolved[layout]),
                stop: stop
            ).run
        }
        var runs = [[ClaimRun]](repeating: [], count: scenarios.count)
        for (item, output) in zip(items, outputs) { if let output { runs[item.0].append(output) } }
        return runs
    }
}
