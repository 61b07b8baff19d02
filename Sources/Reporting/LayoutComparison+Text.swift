// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

extension LayoutComparison {
    /// The ranking, the covered share of each zone, then one table row per claim condition and per
    /// metric: each layout's verdict, value and 95 % interval, and for every layout after the first
    /// its paired difference to the first (`Δ`, marked `*` where the interval excludes 0).
    public var text: String {
        var lines = [
            "\(layouts.count) layouts, \(replications) replications each, seed \(seed) (the same for every layout), "
                + "coverage on a \(JSONText.number(resolution)) m grid" + (interrupted ? " — INTERRUPTED" : "")
        ]
        let ranks = self.ranks
        lines.append("")
        lines.append("rank  layout (claims met, beacons)")
        for index in ranking {
            let layout = layouts[index]
            lines.append(
                "  \(ranks[index])   \(layout.scenario.name): \(layout.claimsMet) of \(claims.count) claims, "
                    + "\(layout.beacons) beacons"
                    + (BatteryLifeReport.layout(layout.batteries).map {
                        ", battery life shortest \(RunSummary.rounded($0.shortest, 2)) years"
                    } ?? "") + "  (\(layout.scenario.sourcePath))")
        }
        var table: [[String]] = [["zone: area covered"] + layouts.map(\.scenario.name) + deltaHeaders]
        for zone in zones {
            table.append(
                ["zone \(zone)"] + layouts.map { $0.coverage[zone].map { RunSummary.rounded(100 * $0, 1) + " %" } ?? "–" }
                    + deltaHeaders.map { _ in "" })
        }
        let rows = self.rows
        for kind in [LayoutComparisonRow.Kind.claim, .metric] {
            table.append([])
            table.append(
                [kind == .claim ? "claims (verdict, value, 95 % CI)" : "metrics (value, 95 % CI)"]
                    + layouts.map(\.scenario.name) + deltaHeaders)
            for row in rows where row.kind == kind {
                table.append(
                    [row.title + (row.location.map { "  " + $0 } ?? "")] + row.cells.map { Self.cellText($0, row) }
                        + row.differences.dropFirst().map { Self.differenceText($0, row) })
            }
        }
        lines.append("")
        lines += Self.aligned(table)
        return lines.joined(separator: "\n") + "\n"
    }

    private var deltaHeaders: [String] {
        layouts.dropFirst().map { "Δ \($0.scenario.name) − \(layouts[0].scenario.name)" }
    }

    static func cellText(_ cell: LayoutComparisonRow.Cell, _ row: LayoutComparisonRow) -> String {
        let verdict = cell.passed.map { $0 ? "PASS " : "FAIL " } ?? ""
        guard let value = cell.measured else { return verdict + (row.statistic.isEmpty ? "" : "–") }
        let interval = cell.interval.map { " [\(format($0.lowerBound, row)) … \(format($0.upperBound, row))]" } ?? ""
        return verdict + format(value, row) + interval
    }

    static func differenceText(_ difference: PairedDifference?, _ row: LayoutComparisonRow) -> String {
        guard let difference, let mean = difference.mean else { return "" }
        let interval =
            difference.interval.map { " [\(format($0.lowerBound, row)) … \(format($0.upperBound, row))]" } ?? ""
        return (mean >= 0 ? "+" : "") + format(mean, row) + interval + (difference.resolved ? " *" : "")
    }

    static func format(_ value: Double, _ row: LayoutComparisonRow) -> String {
        RunSummary.rounded(value, row.isDuration ? 2 : 4) + (row.isDuration ? " s" : "")
    }

    /// Columns padded to their widest cell; an empty row is a blank line.
    static func aligned(_ table: [[String]]) -> [String] {
        let columns = table.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in
            table.map { $0.count > column ? $0[column].count : 0 }.max() ?? 0
        }
        return table.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ")
        }
    }
}
