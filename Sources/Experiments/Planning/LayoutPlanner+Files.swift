// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import Reporting

extension LayoutPlanner {
    /// The plan as text: the winner (or why there is none), then one line per confirmed layout.
    public var text: String {
        var lines: [String] = []
        let handMade = confirmed[0]
        if let winner {
            let chosen = confirmed[winner]
            lines.append(
                "chosen: \(chosen.path): \(chosen.beacons) beacons (hand-made: \(handMade.beacons)), "
                    + "\(chosen.claimsMet) of \(comparison.claims.count) claims met")
        } else {
            lines.append("no proposed layout met every claim; the table shows how close each came")
        }
        lines.append("")
        var rows = [
            ["layout", "beacons", "txPower", "interval", "target", "claims", "battery (shortest)", "entry p50", "pareto", "file"]
        ]
        for layout in confirmed {
            let label = layout.layout == 0 ? "hand" : "\(layout.layout)"
            let tx = layout.proposal.map { PlannedLayoutFile.number($0.txPower) + " dBm" } ?? "–"
            let interval = layout.proposal?.interval.map { "\($0 / 1_000_000) ms" } ?? "–"
            let target = layout.proposal.map { "\(Int(($0.target * 100).rounded())) %" } ?? "–"
            let battery = layout.batteryShortestYears.map { RunSummary.rounded($0, 2) + " y" } ?? "–"
            let latency = layout.entryLatencyMedian.map { RunSummary.rounded($0, 1) + " s" } ?? "–"
            rows.append([
                label, "\(layout.beacons)", tx, interval, target, "\(layout.claimsMet)/\(comparison.claims.count)", battery,
                latency, layout.pareto ? "*" : "", layout.path,
            ])
        }
        // Columns padded to their widest cell (in characters: "–" is one), the file last and unpadded.
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let padded = row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            lines.append(padded.joined(separator: "  "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `plan.csv`: one row per confirmed layout (`layout` 0 is the hand-made one): `path`, `beacons`,
    /// `txPower_dBm`, `interval_ms` (empty: the scenario's own), `coverageTarget`, `claimsMet`, `claims`, `passed`, `batteryShortest_years`,
    /// `entryLatencyMedian_s`, `pareto`, `chosen`.
    public var csv: String {
        var rows = [
            [
                "layout", "path", "beacons", "txPower_dBm", "interval_ms", "coverageTarget", "claimsMet", "claims", "passed",
                "batteryShortest_years", "entryLatencyMedian_s", "pareto", "chosen",
            ]
        ]
        for (index, layout) in confirmed.enumerated() {
            rows.append([
                String(layout.layout), layout.path, String(layout.beacons),
                layout.proposal.map { JSONText.number($0.txPower) } ?? "",
                layout.proposal?.interval.map { String($0 / 1_000_000) } ?? "",
                layout.proposal.map { JSONText.number($0.target) } ?? "", String(layout.claimsMet),
                String(comparison.claims.count), layout.passed ? "1" : "0",
                layout.batteryShortestYears.map { JSONText.number($0, decimals: 4) } ?? "",
                layout.entryLatencyMedian.map { JSONText.number($0, decimals: 3) } ?? "", layout.pareto ? "1" : "0",
                index == winner ? "1" : "0",
            ])
        }
        return CSVText.table(rows)
    }

    /// Writes `plan.txt`, `plan.csv` and `manifest.json` into a new folder
    /// `OUT/<scenario>/<time>-plan-seed<S>-n<N>`, and the comparison of every confirmed layout
    /// into its own `compare` folder (`beaconsim report` draws it); returns both folders.
    public func write(into store: ResultsStore, startedAt: Date, wallSeconds: Double) throws -> (plan: URL, compare: URL) {
        let compare = try comparison.write(into: store, startedAt: startedAt, wallSeconds: wallSeconds)
        let directory = try store.newRunDirectory(
            scenario: source.name, label: "plan-seed\(options.seed)-n\(options.replications)", now: startedAt)
        try store.write(text, to: "plan.txt", in: directory)
        try store.write(csv, to: "plan.csv", in: directory)
        let manifest = RunManifest(
            command: "plan", scenario: source, seed: options.seed, replications: options.replications,
            startedAt: startedAt, wallTimeSeconds: wallSeconds,
            extra: [
                ("pitchMetres", JSONText.number(options.pitch)),
                ("txPowersDBm", JSONText.array(options.txPowers.map { JSONText.number($0) })),
                ("intervalsMs", JSONText.array(options.intervals.map { String($0 / 1_000_000) })),
                ("coverageTargets", JSONText.array(options.targets.map { JSONText.number($0) })),
                ("coverageResolutionMetres", JSONText.number(options.resolution)),
                ("layouts", JSONText.array(confirmed.dropFirst().map { JSONText.string($0.path) })),
                ("chosen", winner.map { JSONText.string(confirmed[$0].path) } ?? "null"),
                ("comparison", JSONText.string(compare.lastPathComponent)),
            ])
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return (directory, compare)
    }
}
