// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
public import Foundation
public import ScenarioFormat
internal import Stochastics

/// `beaconsim compare`: the same people, walks, phones and seeds against several beacon layouts.
///
/// Common random numbers: every random stream is labelled by its entity (phone, beacon, link) and
/// seeded from (seed, replication, label), so a phone's scheduler, monitor and user actions draw
/// the same numbers in every layout, and differences come from the beacons. One seed (the first
/// layout's, or `--seed`) is used for all layouts.
public struct LayoutComparison: Sendable {
    /// One layout's measurements.
    public struct Column: Sendable {
        public var scenario: Scenario
        public var beacons: Int
        /// Zone → share of its area covered (P(region heard in 1 s) ≥ 0.9), from `CoverageMap`.
        public var coverage: [String: Double]
        /// Region → metric → pooled samples or counts over phones and replications.
        public var latencies: [String: [ClaimMetric: [Double]]]
        public var counts: [String: [ClaimMetric: Int]]
        public var opportunities: [String: [ClaimMetric: Int]]
    }

    public let seed: UInt64
    public let replications: Int
    public let columns: [Column]

    public static func run(layouts: [Scenario], seed: UInt64?, replications: Int, threads: Int) async throws
        -> LayoutComparison
    {
        let seed = seed ?? layouts.first?.seed ?? 1
        var columns: [Column] = []
        for layout in layouts {
            let map = try CoverageMap(scenario: layout, resolution: 1)
            let runs = try await Replications.run(layout, seed: seed, replications: 0..<replications, threads: threads) {
                MetricsCalculator.compute(scenario: layout, result: $0)
            }
            var column = Column(
                scenario: layout, beacons: layout.beacons.count,
                coverage: Dictionary(map.zoneCoverage().map { ($0.zone, $0.covered) }, uniquingKeysWith: { a, _ in a }),
                latencies: [:], counts: [:], opportunities: [:])
            for metrics in runs.joined() {
                guard let region = metrics.region else { continue }
                for (metric, values) in metrics.latencies {
                    column.latencies[region, default: [:]][metric, default: []] += values
                }
                for (metric, count) in metrics.counts { column.counts[region, default: [:]][metric, default: 0] += count }
                for (metric, count) in metrics.opportunities {
                    column.opportunities[region, default: [:]][metric, default: 0] += count
                }
            }
            columns.append(column)
        }
        return LayoutComparison(seed: seed, replications: replications, columns: columns)
    }

    /// Row label and one cell per layout.
    public var rows: [(String, [String])] {
        var rows: [(String, [String])] = [("beacons", columns.map { String($0.beacons) })]
        let zones = orderedUnion(columns.map { $0.scenario.venue.zones.map(\.name) })
        for zone in zones {
            rows.append(("zone \(zone): area covered", columns.map { $0.coverage[zone].map { percent($0) } ?? "–" }))
        }
        let regions = orderedUnion(columns.map { column in column.scenario.phones.flatMap { $0.app.regions.map(\.name) } })
        for region in regions {
            for (metric, label) in [(ClaimMetric.entryLatencyFromZone, "entry latency"), (.exitLatencyFromZone, "exit latency")] {
                rows.append(
                    (
                        "\(region): \(label) mean / p50 / p95 (s)",
                        columns.map { column in
                            let summary = SampleSummary(column.latencies[region]?[metric] ?? [])
                            guard let mean = summary.mean else { return "–" }
                            return [mean, summary.quantile(0.5) ?? mean, summary.quantile(0.95) ?? mean]
                                .map { RunSummary.rounded($0, 1) }.joined(separator: " / ")
                        }
                    ))
            }
            rows.append(
                (
                    "\(region): false exits per run",
                    columns.map { column in
                        RunSummary.rounded(Double(column.counts[region]?[.falseExits] ?? 0) / Double(max(replications, 1)), 3)
                    }
                ))
            for (metric, label) in [(ClaimMetric.missedEntries, "missed entries"), (.missedExits, "missed exits")] {
                rows.append(
                    (
                        "\(region): \(label)",
                        columns.map { column in
                            let missed = column.counts[region]?[metric] ?? 0
                            let chances = column.opportunities[region]?[metric] ?? 0
                            return chances == 0 ? "–" : "\(missed)/\(chances) (\(percent(Double(missed) / Double(chances))))"
                        }
                    ))
            }
        }
        return rows
    }

    /// A fixed-width text table, layouts side by side.
    public var text: String {
        let header = ("", columns.map(\.scenario.name))
        let all = [header] + rows
        let first = all.map(\.0.count).max() ?? 0
        let widths = columns.indices.map { index in all.map { $0.1[index].count }.max() ?? 0 }
        return all.map { label, cells in
            ([label.padding(toLength: first, withPad: " ", startingAt: 0)]
                + cells.enumerated().map { String(repeating: " ", count: widths[$0.offset] - $0.element.count) + $0.element })
                .joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// One row per layout, one number per column, units in the names (pandas reads it as is):
    /// `layout`, `scenarioPath`, `beacons`, per zone `zone.Z.coveredFraction`, and per region its
    /// entry and exit latency (`R.entryLatencyFromZone.mean_s`, `.p50_s`, `.p95_s`, `.samples`),
    /// `R.falseExits.perRun` and, for missed entries and exits, `.count`, `.opportunities`, `.rate`.
    public var csv: String {
        let zones = orderedUnion(columns.map { $0.scenario.venue.zones.map(\.name) })
        let regions = orderedUnion(columns.map { column in column.scenario.phones.flatMap { $0.app.regions.map(\.name) } })
        let latencies: [ClaimMetric] = [.entryLatencyFromZone, .exitLatencyFromZone]
        let missed: [ClaimMetric] = [.missedEntries, .missedExits]
        var header = ["layout", "scenarioPath", "beacons"] + zones.map { "zone.\($0).coveredFraction" }
        for region in regions {
            for metric in latencies {
                header += ["mean_s", "p50_s", "p95_s", "samples"].map { "\(region).\(metric.rawValue).\($0)" }
            }
            header.append("\(region).falseExits.perRun")
            for metric in missed {
                header += ["count", "opportunities", "rate"].map { "\(region).\(metric.rawValue).\($0)" }
            }
        }
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 6) } ?? "" }
        var lines = [header]
        for column in columns {
            var row = [column.scenario.name, column.scenario.sourcePath, String(column.beacons)]
            row += zones.map { number(column.coverage[$0]) }
            for region in regions {
                for metric in latencies {
                    let summary = SampleSummary(column.latencies[region]?[metric] ?? [])
                    row += [
                        number(summary.mean), number(summary.quantile(0.5)), number(summary.quantile(0.95)),
                        String(summary.count),
                    ]
                }
                row.append(number(Double(column.counts[region]?[.falseExits] ?? 0) / Double(max(replications, 1))))
                for metric in missed {
                    let count = column.counts[region]?[metric] ?? 0
                    let chances = column.opportunities[region]?[metric] ?? 0
                    row += [String(count), String(chances), chances == 0 ? "" : number(Double(count) / Double(chances))]
                }
            }
            lines.append(row)
        }
        return CSVText.table(lines)
    }

    /// Writes `compare.txt`, `compare.csv` and `manifest.json` (every layout's path and hash, the
    /// seed, the replications, the tool version) into a new folder `OUT/compare/<time>-layouts-…`;
    /// an earlier comparison is never overwritten.
    public func write(into store: ResultsStore, startedAt: Date, wallSeconds: Double) throws -> URL {
        guard let first = columns.first?.scenario else { throw ResultsError(path: store.root.path, message: "no layouts") }
        let directory = try store.newRunDirectory(
            scenario: "compare", label: "layouts-seed\(seed)-n\(replications)", now: startedAt)
        try store.write(text, to: "compare.txt", in: directory)
        try store.write(csv, to: "compare.csv", in: directory)
        var manifest = RunManifest(
            command: "compare", scenario: first, seed: seed, replications: replications, startedAt: startedAt,
            wallTimeSeconds: wallSeconds)
        manifest.others = columns.dropFirst().map(\.scenario)
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return directory
    }

    private func percent(_ value: Double) -> String { RunSummary.rounded(100 * value, 1) + " %" }

    private func orderedUnion(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        return lists.joined().filter { seen.insert($0).inserted }
    }
}
