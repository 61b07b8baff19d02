// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat

/// One replication measured for claims: the scenario as written and each variant the claims run
/// on, all with the same seed and replication number (common random numbers), then metrics and
/// event samples of each (`ClaimRun`).
public enum ReplicationMeasurement {
    /// One simulated world of the replication.
    public struct MeasuredWorld: Sendable {
        /// nil = the scenario as written.
        public var variant: String?
        public var scenario: Scenario
        public var result: RunResult
        public var metrics: [RegionMetrics]
    }

    /// The variants `claims` run on, in order of first use (names the scenario declares).
    public static func variants(of claims: [ClaimSpec], in scenario: Scenario) -> [String] {
        var names: [String] = []
        for leaf in claims.flatMap(\.leaves) {
            for name in [leaf.side.variant, leaf.versus?.variant].compactMap({ $0 }) where !names.contains(name) {
                names.append(name)
            }
        }
        return names.filter { scenario.variant($0) != nil }
    }

    /// Runs `scenario` and the variants its claims need (plus `also`) through `simulate` — given
    /// the variant name (nil = as written) and its scenario, one world each for replication
    /// `replication`, returning its result (whose trace holds at least the records the claims'
    /// events match, `RunRecording.measure`) and its metrics — and measures them.
    public static func measure(
        _ scenario: Scenario, replication: Int, also: String? = nil,
        simulate: (_ variant: String?, _ scenario: Scenario) throws -> (result: RunResult, metrics: [RegionMetrics])
    ) rethrows -> (run: ClaimRun, worlds: [MeasuredWorld]) {
        var run = ClaimRun(replication: replication, metrics: [])
        var worlds: [MeasuredWorld] = []
        var names = variants(of: scenario.expect, in: scenario)
        if let also, also != ScenarioVariant.baseName, !names.contains(also) { names.append(also) }
        for variant in [nil] + names.map(Optional.some) {
            guard let ran = scenario.variant(variant) else { continue }
            let (result, metrics) = try simulate(variant, ran)
            if let variant { run.variantMetrics[variant] = metrics } else { run.metrics = metrics }
            run.measures.merge(
                EventMeasure.samples(claims: scenario.expect, variant: variant, scenario: ran, result: result)
            ) { first, _ in first }
            worlds.append(MeasuredWorld(variant: variant, scenario: ran, result: result, metrics: metrics))
        }
        return (run, worlds)
    }
}
