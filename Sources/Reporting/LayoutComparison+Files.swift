// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
public import Foundation
public import ScenarioFormat

extension LayoutComparison {
    /// One colour scale for every layout's map: the given one, else the union of each map's
    /// fitted scale (`CoverageSVG.fittedScale`), so equal colours mean equal RSSI side by side.
    public func sharedScale(_ given: CoverageSVG.Scale?) -> CoverageSVG.Scale {
        if let given { return given }
        let scales = layouts.map { CoverageSVG.fittedScale($0.map) }
        return (scales.map(\.low).min() ?? -100, scales.map(\.high).max() ?? -40)
    }

    /// `coverage-L<k>-floor<N>.svg`: layout k's (0-based) map of floor N.
    public static func mapFile(layout: Int, floor: Int) -> String { "coverage-L\(layout)-floor\(floor).svg" }

    /// Writes into a new folder `OUT/compare/<time>-layouts-seed<S>-n<N>` (an earlier comparison
    /// is never overwritten): `compare.txt`, `compare.csv` (one row per layout), `verdicts.csv`
    /// (one row per claim condition or metric and layout), `compare.json` (what the report draws:
    /// layouts, rows, latency samples), one coverage map per layout and floor on one colour scale
    /// with the walks, and `manifest.json` (every layout's path and hash, seed, replications, grid,
    /// colour scale, tool version) last.
    public func write(
        into store: ResultsStore, startedAt: Date, wallSeconds: Double, scale given: CoverageSVG.Scale? = nil
    ) throws -> URL {
        guard let first = layouts.first?.scenario else { throw ResultsError(path: store.root.path, message: "no layouts") }
        let directory = try store.newRunDirectory(
            scenario: "compare", label: "layouts-seed\(seed)-n\(replications)", now: startedAt)
        let scale = sharedScale(given)
        try store.write(text, to: "compare.txt", in: directory)
        try store.write(csv, to: "compare.csv", in: directory)
        try store.write(verdictsCSV, to: "verdicts.csv", in: directory)
        try store.write(json, to: "compare.json", in: directory)
        for (index, layout) in layouts.enumerated() {
            for grid in layout.map.floors {
                try store.write(
                    CoverageSVG.render(layout.map, floor: grid.floor, scale: scale, walks: true),
                    to: Self.mapFile(layout: index, floor: grid.floor), in: directory)
            }
        }
        var manifest = RunManifest(
            command: "compare", scenario: first, seed: seed, replications: replications, startedAt: startedAt,
            wallTimeSeconds: wallSeconds,
            extra: [
                ("coverageResolutionMetres", JSONText.number(resolution)),
                ("colourScaleDBm", JSONText.array([JSONText.number(scale.low), JSONText.number(scale.high)])),
                ("colourScaleFitted", given == nil ? "true" : "false"),
                ("interrupted", interrupted ? "true" : "false"),
                ("finished", String(layouts.reduce(0) { $0 + $1.runs.count })),
            ])
        manifest.others = layouts.dropFirst().map(\.scenario)
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return directory
    }

    /// One row per layout: `layout`, `scenarioPath`, `beacons`, `rank`, `claimsMet`, `claims`,
    /// `coverageResolution_m`, then per zone `zone.Z.coveredFraction`, then the shortest and mean
    /// battery life of its beacons (`batteryLifeShortest_years`, `batteryLifeMean_years`; empty
    /// when no beacon names a chip and battery).
    public var csv: String {
        let zones = self.zones
        var lines = [
            ["layout", "scenarioPath", "beacons", "rank", "claimsMet", "claims", "coverageResolution_m"]
                + zones.map { "zone.\($0).coveredFraction" } + ["batteryLifeShortest_years", "batteryLifeMean_years"]
        ]
        let ranks = self.ranks
        for (index, layout) in layouts.enumerated() {
            lines.append(
                [
                    layout.scenario.name, layout.scenario.sourcePath, String(layout.beacons), String(ranks[index]),
                    String(layout.claimsMet), String(claims.count), JSONText.number(resolution),
                ] + zones.map { zone in layout.coverage[zone].map { JSONText.number($0, decimals: 6) } ?? "" }
                    + battery(layout))
        }
        return CSVText.table(lines)
    }

    private func battery(_ layout: Layout) -> [String] {
        guard let summary = BatteryLifeReport.layout(layout.batteries) else { return ["", ""] }
        return [JSONText.number(summary.shortest, decimals: 4), JSONText.number(summary.mean, decimals: 4)]
    }

    /// One row per (claim condition or metric, layout): `kind` (claim, metric), `subject`,
    /// `quantity`, `statistic`, `target`, `location`, `unit` (`s` or empty), `layout`, `value`,
    /// `ci95_low`, `ci95_high`, `samples`, `passed` (claims), and against the first layout
    /// `difference`, `difference.ci95_low`, `difference.ci95_high`, `pairs`, `resolved` (the
    /// interval excludes 0).
    public var verdictsCSV: String {
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 6) } ?? "" }
        var lines = [
            [
                "kind", "subject", "quantity", "statistic", "target", "location", "unit", "layout", "value", "ci95_low",
                "ci95_high", "samples", "passed", "difference", "difference.ci95_low", "difference.ci95_high", "pairs",
                "resolved",
            ]
        ]
        for row in rows {
            for (index, cell) in row.cells.enumerated() {
                let difference = row.differences[index]
                lines.append([
                    row.kind.rawValue, row.subject, row.quantity, row.statistic, row.target ?? "", row.location ?? "",
                    row.unit, layouts[index].scenario.name, number(cell.measured), number(cell.interval?.lowerBound),
                    number(cell.interval?.upperBound), String(cell.samples), cell.passed.map { $0 ? "1" : "0" } ?? "",
                    number(difference?.mean), number(difference?.interval?.lowerBound),
                    number(difference?.interval?.upperBound), difference.map { String($0.pairs) } ?? "",
                    difference.map { $0.resolved ? "1" : "0" } ?? "",
                ])
            }
        }
        return CSVText.table(lines)
    }

    /// What `beaconsim report` draws for a compare folder: `layouts` (name, path, beacons, rank,
    /// claimsMet, coverage per zone, map files), `rows` (as `verdicts.csv`, cells per layout) and
    /// `latencies` (per phone, region and latency metric, each layout's pooled samples in s).
    public var json: String {
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 6) } ?? "null" }
        let ranks = self.ranks
        let layoutObjects = layouts.enumerated().map { index, layout in
            JSONText.object([
                ("name", JSONText.string(layout.scenario.name)),
                ("path", JSONText.string(layout.scenario.sourcePath)),
                ("beacons", String(layout.beacons)), ("rank", String(ranks[index])),
                ("claimsMet", String(layout.claimsMet)), ("claims", String(claims.count)),
                (
                    "coverage",
                    JSONText.object(zones.compactMap { zone in layout.coverage[zone].map { (zone, number($0)) } })
                ),
                (
                    "batteryLifeShortestYears",
                    BatteryLifeReport.layout(layout.batteries).map { JSONText.number($0.shortest, decimals: 4) } ?? "null"
                ),
                ("maps", JSONText.array(layout.map.floors.map { JSONText.string(Self.mapFile(layout: index, floor: $0.floor)) })),
            ])
        }
        let rowObjects = rows.map { row in
            JSONText.object([
                ("kind", JSONText.string(row.kind.rawValue)), ("title", JSONText.string(row.title)),
                ("location", row.location.map(JSONText.string) ?? "null"), ("unit", JSONText.string(row.unit)),
                (
                    "cells",
                    JSONText.array(
                        row.cells.map { cell in
                            JSONText.object([
                                ("value", number(cell.measured)), ("low", number(cell.interval?.lowerBound)),
                                ("high", number(cell.interval?.upperBound)), ("samples", String(cell.samples)),
                                ("passed", cell.passed.map { $0 ? "true" : "false" } ?? "null"),
                            ])
                        })
                ),
                (
                    "differences",
                    JSONText.array(
                        row.differences.map { difference in
                            guard let difference else { return "null" }
                            return JSONText.object([
                                ("mean", number(difference.mean)), ("low", number(difference.interval?.lowerBound)),
                                ("high", number(difference.interval?.upperBound)), ("pairs", String(difference.pairs)),
                                ("resolved", difference.resolved ? "true" : "false"),
                            ])
                        })
                ),
            ])
        }
        let latencyObjects = latencySamples.map { entry in
            JSONText.object([
                ("subject", JSONText.string(entry.subject)), ("metric", JSONText.string(entry.metric.rawValue)),
                ("samples", JSONText.array(entry.samples.map { JSONText.array($0.map { JSONText.number($0, decimals: 3) }) })),
            ])
        }
        return JSONText.object([
            ("seed", String(seed)), ("replications", String(replications)),
            ("coverageResolutionMetres", JSONText.number(resolution)),
            ("layouts", JSONText.array(layoutObjects)), ("rows", JSONText.array(rowObjects)),
            ("latencies", JSONText.array(latencyObjects)),
        ]) + "\n"
    }

    /// Per phone/region and latency metric: each layout's samples pooled over its replications.
    public var latencySamples: [(subject: String, metric: ClaimMetric, samples: [[Double]])] {
        var order: [String] = []
        var pooled: [String: (String, ClaimMetric, [[Double]])] = [:]
        for (index, layout) in layouts.enumerated() {
            for run in layout.runs {
                for entry in run.metrics {
                    guard let region = entry.region else { continue }
                    for metric in ClaimMetric.allCases where metric.isLatency {
                        guard let values = entry.latencies[metric], !values.isEmpty else { continue }
                        let key = "\(entry.phone)/\(region) \(metric.rawValue)"
                        if pooled[key] == nil {
                            order.append(key)
                            pooled[key] = (
                                "\(entry.phone)/\(region)", metric, [[Double]](repeating: [], count: layouts.count)
                            )
                        }
                        pooled[key]?.2[index] += Array(values)
                    }
                }
            }
        }
        return order.compactMap { pooled[$0] }.map { ($0.0, $0.1, $0.2) }
    }
}
