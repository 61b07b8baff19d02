// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import Foundation
public import Reporting
public import ScenarioFormat
internal import Sessions
internal import Stochastics

/// `beaconsim plan`: layouts for a venue that meet its claims with few beacons.
///
/// 1. Screen (deterministic, no simulation): for every region that covers a zone, every candidate
///    mounting point and every allowed TX power, the zone cells a beacon there alone covers
///    (`CandidateScreening`).
/// 2. Assemble: for each TX power and each coverage target (the share of each zone to cover), a
///    greedy set cover with a local search per region (`GreedyCover`), seeded; identical layouts
///    are kept once.
/// 3. Confirm: every proposal is written as a scenario file (the source with its `beacons:`
///    replaced) and all are run, with the hand-made layout first, as `compare` runs layouts:
///    replicated, the same seeds for every layout (common random numbers), every claim with its
///    interval and a paired difference to the hand-made layout (`LayoutComparison`).
/// 4. Choose: among the layouts meeting every claim, the fewest beacons, then the longest battery
///    life of the first beacon to run down, then entries nearest the zone boundary; the trade-off between beacon
///    count, battery years and entry latency is given as a Pareto front.
public struct LayoutPlanner: Sendable {
    public struct Options: Sendable {
        /// Candidate grid pitch, metres.
        public var pitch: Double
        /// TX powers allowed (dBm); one per layout.
        public var txPowers: [Double]
        /// Advertising intervals allowed (ns); one per layout. Empty: the template beacons' own.
        public var intervals: [Int64] = []
        /// Shares of each zone the screening must cover (each gives a layout per TX power).
        public var targets: [Double]
        /// Areas where no beacon may be mounted.
        public var keepOuts: [[Point2D]]
        public var seed: UInt64
        public var replications: Int
        public var threads: Int
        /// Screening grid (the coverage grid of `coverage` and `compare`).
        public var resolution: Double

        public init(
            pitch: Double, txPowers: [Double], targets: [Double], keepOuts: [[Point2D]], seed: UInt64,
            replications: Int, threads: Int, resolution: Double, intervals: [Int64] = []
        ) {
            self.intervals = intervals
            self.pitch = pitch
            self.txPowers = txPowers
            self.targets = targets
            self.keepOuts = keepOuts
            self.seed = seed
            self.replications = replications
            self.threads = threads
            self.resolution = resolution
        }
    }

    /// One assembled layout before confirmation.
    public struct Proposal: Sendable {
        public var txPower: Double
        /// The planned beacons' advertising interval (ns); nil: each keeps its template's.
        public var interval: Int64?
        public var target: Double
        public var beacons: [BeaconSpec]
    }

    /// A confirmed layout (index into the comparison's layouts, 0 being the hand-made one).
    public struct Confirmed: Sendable {
        public var layout: Int
        public var proposal: Proposal?
        public var path: String
        public var beacons: Int
        public var claimsMet: Int
        public var passed: Bool
        public var batteryShortestYears: Double?
        /// Median of every entry latency from the zone, pooled over phones, regions and replications (s).
        public var entryLatencyMedian: Double?
        public var pareto = false
    }

    public var source: Scenario
    public var options: Options
    public var proposals: [Proposal]
    public var comparison: LayoutComparison
    public var confirmed: [Confirmed]
    /// Index into `confirmed` of the chosen layout (never the hand-made one), nil when no proposal
    /// meets every claim.
    public var winner: Int?

    /// Regions that cover a zone of the venue, once each, with that zone.
    static func targets(_ scenario: Scenario) -> [(RegionSpec, ZoneSpec)] {
        var seen = Set<String>()
        return scenario.phones.flatMap(\.app.regions).compactMap { region in
            guard seen.insert(region.name).inserted,
                let zone = scenario.venue.zones.first(where: { $0.name == (region.zone ?? region.name) })
            else { return nil }
            return (region, zone)
        }
    }

    /// Steps 1 and 2: the distinct proposals, in order of TX power, then interval, then target.
    public static func propose(_ scenario: Scenario, options: Options) throws -> [Proposal] {
        var proposals: [Proposal] = []
        var seen = Set<String>()
        for txPower in options.txPowers {
            for interval in options.intervals.isEmpty ? [nil] : options.intervals.map(Optional.some) {
                let screenings = try targets(scenario).compactMap { region, zone in
                    try CandidateScreening(
                        region: region, zone: zone, scenario: scenario, txPower: txPower, interval: interval,
                        pitch: options.pitch,
                        resolution: options.resolution, keepOuts: options.keepOuts)
                }
                for target in options.targets {
                    var beacons: [BeaconSpec] = []
                    for screening in screenings {
                        let chosen = GreedyCover.choose(
                            covers: screening.candidates.map(\.covers), cells: screening.cellCount, target: target,
                            seed: options.seed, label: screening.region.name)
                        for (k, index) in chosen.enumerated() {
                            var beacon = screening.template
                            beacon.name = chosen.count == 1 ? screening.region.name : "\(screening.region.name)-\(k + 1)"
                            beacon.position = screening.candidates[index].position
                            beacon.floor = screening.zone.floor
                            beacon.measuredPower = screening.template.measuredPower + (txPower - screening.template.txPower)
                            beacon.txPower = txPower
                            beacon.interval = interval ?? screening.template.interval
                            if screening.region.minor == nil { beacon.minor = screening.template.minor &+ UInt16(k) }
                            beacon.schedule = []
                            beacons.append(beacon)
                        }
                    }
                    let key = PlannedLayoutFile.beaconLines(beacons).joined(separator: "\n")
                    if !beacons.isEmpty, seen.insert(key).inserted {
                        proposals.append(Proposal(txPower: txPower, interval: interval, target: target, beacons: beacons))
                    }
                }
            }
        }
        return proposals
    }

    /// All four steps (`prepare`, the comparison, `decide`).
    public static func run(
        _ source: Scenario, options: Options, imports: ImportPolicy,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> LayoutPlanner {
        let prepared = try prepare(source, options: options, imports: imports)
        let comparison = try await LayoutComparison.run(
            layouts: prepared.layouts, seed: options.seed, replications: options.replications, threads: options.threads,
            resolution: options.resolution, progress: progress)
        return decide(source: source, options: options, prepared: prepared, comparison: comparison)
    }

    /// The proposals written out and loaded back: `layouts` holds the source first, then one
    /// scenario per proposal, read from the file at the same index of `paths`.
    public struct Prepared: Sendable {
        public var proposals: [Proposal]
        public var layouts: [Scenario]
        public var paths: [String]
    }

    /// Steps 1 and 2, and the files: each proposal is written beside the source scenario (its
    /// imports then hold as they are) as `<name>-plan-K-<digest>.yaml`, the digest being the first
    /// 8 hexadecimal digits of the file's SHA-256 — so the same plan (seed and options) names the
    /// same files on every run and every shard. A file of that name with the same bytes is used as
    /// it is; one with other bytes (edited since) is refused, never overwritten. The files are
    /// loaded back, so what is confirmed is what they say.
    public static func prepare(_ source: Scenario, options: Options, imports: ImportPolicy) throws -> Prepared {
        let proposals = try propose(source, options: options)
        let text = try String(contentsOf: URL(fileURLWithPath: source.sourcePath), encoding: .utf8)
        let layoutsFolder = URL(fileURLWithPath: source.sourcePath).deletingLastPathComponent()
        var layouts = [source]
        var paths: [String] = []
        for (index, proposal) in proposals.enumerated() {
            let name = "\(source.name)-plan-\(index + 1)"
            guard
                let file = PlannedLayoutFile.text(
                    source: text, sourcePath: source.sourcePath, into: layoutsFolder, name: name, beacons: proposal.beacons,
                    comment:
                        "Planned by `beaconsim plan \(source.sourcePath) --seed \(options.seed)`: \(proposal.beacons.count) beacons "
                        + "at \(PlannedLayoutFile.number(proposal.txPower)) dBm"
                        + (proposal.interval.map { ", every \($0 / 1_000_000) ms" } ?? "") + ", screened to cover "
                        + "\(Int((proposal.target * 100).rounded())) % of each zone.")
            else { throw ExperimentError("\(source.sourcePath): no top-level `beacons:` block to replace") }
            let bytes = Data(file.utf8)
            let digest = SHA256Digest.hex(of: bytes).prefix(8)
            let path = layoutsFolder.appendingPathComponent("\(name)-\(digest).yaml")
            if let existing = FileManager.default.contents(atPath: path.path) {
                guard existing == bytes else {
                    throw ExperimentError(
                        "\(path.path) exists with other contents (edited since it was planned): a plan never overwrites "
                            + "a file; move it away to plan again")
                }
            } else {
                try bytes.write(to: path, options: .atomic)
            }
            let relative = PlannedLayoutFile.relative(path, from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            layouts.append(try ScenarioLoader.load(path: relative, catalogue: .standard, imports: imports))
            paths.append(relative)
        }
        return Prepared(proposals: proposals, layouts: layouts, paths: paths)
    }

    /// Steps 3 and 4 from the comparison of the prepared layouts: each layout's claims, battery
    /// life and entry latency, the Pareto front and the winner.
    public static func decide(
        source: Scenario, options: Options, prepared: Prepared, comparison: LayoutComparison
    ) -> LayoutPlanner {
        let proposals = prepared.proposals
        var confirmed = comparison.layouts.enumerated().map { index, layout in
            let latencies = layout.runs.flatMap(\.metrics).flatMap { Array($0.latencies[.entryLatencyFromZone] ?? []) }
            return Confirmed(
                layout: index, proposal: index == 0 ? nil : proposals[index - 1],
                path: index == 0 ? source.sourcePath : prepared.paths[index - 1], beacons: layout.beacons,
                claimsMet: layout.claimsMet, passed: layout.claimsMet == comparison.claims.count,
                batteryShortestYears: BatteryLifeReport.layout(layout.batteries)?.shortest,
                entryLatencyMedian: SampleSummary(latencies).quantile(0.5))
        }
        for index in confirmed.indices where confirmed[index].passed {
            confirmed[index].pareto = !confirmed.contains { other in
                other.passed && dominates(other, confirmed[index])
            }
        }
        let winner = confirmed.indices.dropFirst().filter { confirmed[$0].passed }.min { a, b in
            rank(confirmed[a], a) < rank(confirmed[b], b)
        }
        return LayoutPlanner(
            source: source, options: options, proposals: proposals, comparison: comparison, confirmed: confirmed,
            winner: winner)
    }

    /// Fewest beacons, then longest battery life, then entries nearest the zone boundary, then the
    /// order proposed.
    static func rank(_ layout: Confirmed, _ index: Int) -> (Int, Double, Double, Int) {
        (layout.beacons, -(layout.batteryShortestYears ?? 0), latencyDistance(layout), index)
    }

    /// How far entries come from the zone boundary, either way (s): an entry 20 s early (a region
    /// reaching far outside its zone) is as far off as one 20 s late.
    static func latencyDistance(_ layout: Confirmed) -> Double { layout.entryLatencyMedian.map(abs) ?? .infinity }

    /// `a` is no worse than `b` in beacons, battery years and entry latency (distance from the
    /// boundary), and better in one.
    static func dominates(_ a: Confirmed, _ b: Confirmed) -> Bool {
        let (aBattery, bBattery) = (a.batteryShortestYears ?? 0, b.batteryShortestYears ?? 0)
        let (aLatency, bLatency) = (latencyDistance(a), latencyDistance(b))
        let noWorse = a.beacons <= b.beacons && aBattery >= bBattery && aLatency <= bLatency
        return noWorse && (a.beacons < b.beacons || aBattery > bBattery || aLatency < bLatency)
    }
}
