// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The report of a `compare` folder of layouts (`compare.json`, the coverage maps): the layouts
/// ranked, their floor plans side by side on one colour scale (coverage, gaps, the walks), the
/// verdict table (every claim and metric per layout with its interval, and the paired difference
/// to the first layout), and each latency's distributions overlaid, one curve per layout.
enum ComparisonSection {
    /// One colour per layout (the first layout's curve is black).
    static let colours = ["#000000", "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"]
    static let dashes = ["", "8,4", "2,3", "10,3,2,3", "4,4", "1,2"]

    static func sections(_ compare: CompareJSON, folder: URL) -> [(String, [String])] {
        let layouts = compare.layouts ?? []
        let names = layouts.map { $0.name ?? "?" }
        var sections: [(String, [String])] = []
        sections.append(("Layouts, ranked by the claims they meet", [ranking(layouts)]))
        let maps = layouts.map { layout -> String in
            let files = layout.maps ?? []
            let svgs = files.compactMap {
                try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
            }
            return "<div class=\"cmp-map\"><h3>\(e(layout.name ?? "?"))</h3>"
                + svgs.joined(separator: "\n") + "</div>"
        }
        sections.append(
            (
                "Floor plans: coverage on one colour scale, gaps hatched, the walks dashed",
                ["<div class=\"cmp-maps\">" + maps.joined(separator: "\n") + "</div>"]
            ))
        sections.append(("Verdicts", [verdicts(compare.rows ?? [], names: names)]))
        let latencies = (compare.latencies ?? []).map { entry in
            let samples = entry.samples ?? []
            let curves = samples.enumerated().map { index, values in
                DistributionFigure.Curve(
                    label: index < names.count ? names[index] : "layout \(index)", samples: values,
                    colour: colours[index % colours.count], dash: dashes[index % dashes.count])
            }
            return DistributionFigure.overlaidCDFs(
                title: "\(entry.subject ?? "?") — \(entry.metric ?? "?") (s)", curves: curves)
        }
        sections.append(("Latency distributions, one curve per layout", latencies))
        return sections
    }

    static let style =
        ".cmp-maps{display:flex;gap:16px}.cmp-map{flex:1 1 0;min-width:0}.cmp-map svg{width:100%;height:auto}"
        + ".cmp-map h3{font-size:14px;margin:4px 0}.verdicts td small{color:#666}.delta-resolved{font-weight:bold}"

    static func ranking(_ layouts: [CompareJSON.Layout]) -> String {
        let ordered = layouts.sorted { ($0.rank ?? 0) < ($1.rank ?? 0) }
        var html = [
            "<table class=\"verdicts\"><thead><tr><th>rank</th><th>layout</th><th>claims met</th><th>beacons</th>"
                + "<th>battery life, shortest</th><th>zones covered</th><th>file</th></tr></thead><tbody>"
        ]
        for layout in ordered {
            // Typed one step at a time: as one expression it exceeded the type checker's budget in the fuzz build.
            let zones: [(key: String, value: Double?)] = (layout.coverage ?? [:]).sorted { $0.key < $1.key }
            let coverage: [String] = zones.map { zone in "\(zone.key) \(Int((zone.value ?? 0) * 100)) %" }
            let whole = { (value: Int?) -> String in value.map(String.init) ?? "" }
            let battery: String = layout.batteryLifeShortestYears.map { format($0, "years") } ?? "–"
            let cells: [String] = [
                "<tr><td class=\"num\">\(whole(layout.rank))</td><td>\(e(layout.name ?? ""))</td>",
                "<td class=\"num\">\(whole(layout.claimsMet)) of \(whole(layout.claims))</td>",
                "<td class=\"num\">\(whole(layout.beacons))</td>",
                "<td class=\"num\">\(battery)</td>",
                "<td>\(e(coverage.joined(separator: ", ")))</td>",
                "<td>\(e(layout.path ?? ""))</td></tr>",
            ]
            html.append(cells.joined())
        }
        return html.joined(separator: "\n") + "</tbody></table>"
    }

    static func verdicts(_ rows: [CompareJSON.Row], names: [String]) -> String {
        guard !rows.isEmpty else { return "<p>nothing measured</p>" }
        let first = names.first ?? "first"
        var html = [
            "<div style=\"overflow-x:auto\"><table class=\"verdicts\"><thead><tr><th>claim or metric</th><th>where</th>"
                + names.map { "<th>\(e($0))</th>" }.joined()
                + names.dropFirst().map { "<th>Δ \(e($0)) − \(e(first))<br><small>paired, 95 % t</small></th>" }.joined()
                + "</tr></thead><tbody>"
        ]
        for row in rows {
            let unit = row.unit ?? ""
            let cells = (row.cells ?? []).map { cell -> String in
                let verdict =
                    cell.passed.map {
                        "<span class=\"\($0 ? "pass" : "fail")\">\($0 ? "PASS" : "FAIL")</span> "
                    } ?? ""
                let value = cell.value.map { format($0, unit) } ?? "–"
                let interval = interval(cell.low, cell.high, unit)
                return "<td class=\"num\">\(verdict)\(e(value))<br><small>\(e(interval))</small></td>"
            }
            let differences = (row.differences ?? []).dropFirst().map { item -> String in
                guard let difference = item, let mean = difference.mean else { return "<td></td>" }
                let resolved = difference.resolved ?? false
                return "<td class=\"num\(resolved ? " delta-resolved" : "")\">\(mean >= 0 ? "+" : "")\(e(format(mean, unit)))"
                    + "\(resolved ? " *" : "")<br><small>\(e(interval(difference.low, difference.high, unit)))</small></td>"
            }
            let failed = (row.cells ?? []).contains { $0.passed == false }
            html.append(
                "<tr\(failed ? " class=\"failed\"" : "")><td>\(e(row.title ?? ""))</td>"
                    + "<td>\(e(row.location ?? ""))</td>" + cells.joined() + differences.joined() + "</tr>")
        }
        return html.joined(separator: "\n")
            + "</tbody></table></div><p><small>* the paired interval excludes 0: the layouts differ beyond the "
            + "replication noise.</small></p>"
    }

    static func format(_ value: Double, _ unit: String) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return unit.isEmpty ? "\(rounded)" : "\(rounded) \(unit)"
    }

    static func interval(_ low: Double?, _ high: Double?, _ unit: String) -> String {
        guard let low, let high else { return "" }
        return "\(format(low, unit)) … \(format(high, unit))"
    }

    static func e(_ text: String) -> String { SVG.escapeText(text) }
}
