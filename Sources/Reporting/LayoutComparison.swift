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

        public init(
            scenario: Scenario, beacons: Int, map: CoverageMap, coverage: [String: Double], runs: [ClaimRun],
            outcomes: [ClaimOutcome], batteries: [BeaconBatteryEstimate]
        ) {
            self.scenario = scenario
            self.beacons = beacons
            self.map = map
            self.coverage = coverage
            self.runs = runs
            self.outcomes = outcomes
            self.batteries = batteries
        }

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

    /// A comparison of `layouts` measured over `replications` replications with seed `seed`
    /// (`LayoutComparison.run` in Sessions measures them).
    public init(seed: UInt64, replications: Int, resolution: Double, claims: [ClaimSpec], layouts: [Layout]) {
        self.seed = seed
        self.replications = replications
        self.resolution = resolution
        self.claims = claims
        self.layouts = layouts
    }

    /// The union of the layouts' claims, each once, in order of first appearance.
    public static func claims(_ scenarios: [Scenario]) -> [ClaimSpec] {
        var seen = Set<String>()
        return scenarios.flatMap(\.expect).filter { seen.insert(Self.key($0)).inserted }
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
    public static func key(_ claim: ClaimSpec) -> String {
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
