// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat
internal import Stochastics

/// `beaconsim compare A.yaml B.yaml …`: the same people, walks, phones and seeds against several
/// beacon layouts, and a verdict on each.
///
/// Common random numbers: every random stream is labelled by its entity (phone, beacon, link) and
/// seeded from (seed, replication, label), so replication r of every layout draws the same walks,
/// scan phases and OS decisions, and differences come from the beacons. One seed (the first
/// layout's, or `--seed`) is used for all layouts.
///
/// Every layout is measured against the claims of every layout (the union of their `expect:`
/// claims, each once) and against every metric of every region (`LayoutComparisonRow`), each with
/// its 95 % interval; layout k ≥ 1 also gets the paired difference to the first layout
/// (`PairedDifference`). Layouts are ranked by the claims they meet, then by fewer beacons.
/// Coverage uses one grid (`resolution`, by default `CoverageMap.defaultResolution`, as `coverage`).
public struct LayoutComparison: Sendable {
    /// One layout's measurements.
    public struct Layout: Sendable {
        /// The layout as written (its own claims under `expect:`).
        public var scenario: Scenario
        public var beacons: Int
        public var map: CoverageMap
        /// Zone → share of its area covered (P(region heard in 1 s) ≥ 0.9), from `map`.
        public var coverage: [String: Double]
        /// Every replication, measured for the union of the layouts' claims, in replication order.
        public var runs: [ClaimRun]
        /// The union of claims evaluated over `runs`, in `LayoutComparison.claims` order.
        public var outcomes: [ClaimOutcome]

        /// Battery life of each beacon that names a chip and battery.
        public var batteries: [BeaconBatteryEstimate]

        /// Claims (of the union) this layout meets.
        public var claimsMet: Int { outcomes.filter(\.passed).count }
    }

    public let seed: UInt64
    public let replications: Int
    /// Coverage grid pitch (metres).
    public let resolution: Double
    /// The union of the layouts' claims, each once (by its text), in order of first appearance.
    public let claims: [ClaimSpec]
    public let layouts: [Layout]

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

    /// The union of the layouts' claims, each once, in order of first appearance.
    static func claims(_ scenarios: [Scenario]) -> [ClaimSpec] {
        var seen = Set<String>()
        return scenarios.flatMap(\.expect).filter { seen.insert(Self.key($0)).inserted }
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
            let scenario = measured[layout]
            return try ReplicationMeasurement.measure(scenario, replication: replication) { variant, ran in
                let world =
                    variant == nil
                    ? World(resolved: resolved[layout], seed: seed, replication: replication)
                    : try World(scenario: ran, seed: seed, replication: replication)
                world.stop = stop
                let measured = RunRecording.measure(world, scenario: ran, claims: claims, timeline: nil)
                if world.stoppedEarly { throw StopFlag.Stopped() }
                return measured
            }.run
        }
        var runs = [[ClaimRun]](repeating: [], count: scenarios.count)
        for (item, output) in zip(items, outputs) { if let output { runs[item.0].append(output) } }
        return runs
    }

    /// The comparison of `runs` (per layout, in replication order, as `measure` gives them): the
    /// claims evaluated, each layout's coverage on the grid `resolution` and its battery life.
    public static func assemble(
        layouts scenarios: [Scenario], seed: UInt64, replications: Int, resolution: Double, runs: [[ClaimRun]]
    ) throws -> LayoutComparison {
        let claims = claims(scenarios)
        var columns: [Layout] = []
        for (scenario, runs) in zip(scenarios, runs) {
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

    /// Whether some replications did not finish (Ctrl-C, SIGTERM).
    public var interrupted: Bool { layouts.contains { $0.runs.count < replications } }

    /// A claim's identity across layouts: its text and conditions, not where it is written.
    static func key(_ claim: ClaimSpec) -> String {
        ClaimReport.title(claim) + " "
            + claim.leaves.map { $0.conditions.map(\.text).joined(separator: ",") }.joined(separator: ";")
    }

    /// Layout indices, best first: more claims met, then fewer beacons, then the order given.
    public var ranking: [Int] {
        layouts.indices.sorted {
            (-layouts[$0].claimsMet, layouts[$0].beacons, $0) < (-layouts[$1].claimsMet, layouts[$1].beacons, $1)
        }
    }

    /// 1-based rank of each layout (ties share the better rank).
    public var ranks: [Int] {
        let order = ranking
        var ranks = [Int](repeating: 0, count: layouts.count)
        for (position, index) in order.enumerated() {
            let previous = position > 0 ? order[position - 1] : nil
            let tied = previous.map {
                layouts[$0].claimsMet == layouts[index].claimsMet && layouts[$0].beacons == layouts[index].beacons
            }
            ranks[index] = tied == true ? ranks[previous ?? index] : position + 1
        }
        return ranks
    }

    /// The claim rows, then the metric rows (`LayoutComparisonRow`).
    public var rows: [LayoutComparisonRow] {
        LayoutComparisonRow.claimRows(self) + LayoutComparisonRow.metricRows(self)
    }

    /// Zones of every layout, in order of first appearance.
    public var zones: [String] { orderedUnion(layouts.map { $0.scenario.venue.zones.map(\.name) }) }

    func orderedUnion(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        return lists.joined().filter { seen.insert($0).inserted }
    }
}
