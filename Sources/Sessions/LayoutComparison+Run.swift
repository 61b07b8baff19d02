// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Reporting
public import ScenarioFormat

/// `beaconsim compare` measured: every layout's replications through `ReplicationMeasurement`;
/// Reporting's `LayoutComparison` holds the result and writes it.
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
        var seen = Set<String>()
        let claims = scenarios.flatMap(\.expect).filter { seen.insert(Self.key($0)).inserted }
        // Each layout measures every claim's events, not only its own.
        let measured = scenarios.map { scenario -> Scenario in
            var copy = scenario
            copy.expect = claims
            return copy
        }
        let resolved = try measured.map(ResolvedScenario.init)
        let items = (0..<(scenarios.count * replications)).map { ($0 / replications, $0 % replications) }
        let outputs = try await Replications.jobs(items, threads: threads, stop: stop, progress: progress) { item in
            let (layout, replication) = item
            return try ReplicationMeasurement.measure(
                measured[layout], seed: seed, replication: replication, radio: .synthetic(resolved: resolved[layout]),
                stop: stop
            ).run
        }
        var columns: [Layout] = []
        for (index, scenario) in scenarios.enumerated() {
            let runs = outputs[(index * replications)..<((index + 1) * replications)].compactMap { $0 }
            let map = try CoverageMap(scenario: scenario, resolution: resolution)
            columns.append(
                Layout(
                    scenario: scenario, beacons: scenario.beacons.count, map: map,
                    coverage: Dictionary(
                        map.zoneCoverage().map { ($0.zone, $0.covered) }, uniquingKeysWith: { first, _ in first }),
                    runs: runs, outcomes: claims.map { ClaimEvaluator.evaluate($0, runs: runs) },
                    batteries: BeaconBatteryEstimate.all(scenario)))
        }
        return LayoutComparison(
            seed: seed, replications: replications, resolution: resolution, claims: claims, layouts: columns)
    }
}
