// SPDX-License-Identifier: GPL-3.0-or-later

/// The verdicts of a check or sweep as HTML tables: each claim condition with PASS/FAIL, its
/// measured value, 95 % interval and target.
enum ClaimTable {
    static let style =
        ".verdicts{border-collapse:collapse;font-size:12px;margin:8px 0}.verdicts th,.verdicts td{border:1px solid #ddd;"
        + "padding:3px 8px;text-align:left;font-family:DejaVu Sans,Helvetica,Arial,sans-serif}"
        + ".verdicts td.num{text-align:right;font-family:monospace}.pass{color:#1a7f37;font-weight:bold}"
        + ".fail{color:#cf222e;font-weight:bold}.verdicts tr.failed{background:#fff0f0}"

    /// A check: one row per condition.
    static func check(_ rows: [ClaimRow]) -> String {
        guard !rows.isEmpty else { return "<p>no claims under expect:</p>" }
        var html = [
            "<table class=\"verdicts\"><thead><tr><th>verdict</th><th>claim</th><th>target</th><th>measured</th>"
                + "<th>95 % interval</th><th>samples</th><th>runs</th><th>where</th></tr></thead><tbody>"
        ]
        for row in rows {
            html.append(
                "<tr\(row.passed ? "" : " class=\"failed\"")>\(verdict(row.passed))<td>\(e(row.name))</td>"
                    + "<td>\(e(row.target))</td><td class=\"num\">\(e(row.format(row.measured)))</td>"
                    + "<td class=\"num\">\(e(interval(row)))</td><td class=\"num\">\(row.samples)</td>"
                    + "<td class=\"num\">\(row.runs)</td><td>\(e(row.location))</td></tr>")
        }
        return html.joined(separator: "\n") + "</tbody></table>"
    }

    /// A sweep: one row per point (its settings and verdict), one column per condition (named with
    /// its target), each cell the verdict and measured value with its interval.
    static func sweep(_ points: [(settings: String, passed: Bool, rows: [ClaimRow])]) -> String {
        guard let first = points.first?.rows, !first.isEmpty else { return "<p>no claims under expect:</p>" }
        var html = [
            "<div style=\"overflow-x:auto\"><table class=\"verdicts\"><thead><tr><th>point</th><th>settings</th><th>verdict</th>"
                + first.map { "<th>\(e($0.name))<br><small>target \(e($0.target))</small></th>" }.joined()
                + "</tr></thead><tbody>"
        ]
        for (index, point) in points.enumerated() {
            let cells = point.rows.map { row in
                "<td class=\"num\"><span class=\"\(row.passed ? "pass" : "fail")\">\(row.passed ? "PASS" : "FAIL")</span> "
                    + "\(e(row.format(row.measured)))<br><small>\(e(interval(row)))</small></td>"
            }
            html.append(
                "<tr\(point.passed ? "" : " class=\"failed\"")><td class=\"num\">\(index)</td><td>\(e(point.settings))</td>"
                    + verdict(point.passed) + cells.joined() + "</tr>")
        }
        return html.joined(separator: "\n") + "</tbody></table></div>"
    }

    static func verdict(_ passed: Bool) -> String {
        "<td><span class=\"\(passed ? "pass" : "fail")\">\(passed ? "PASS" : "FAIL")</span></td>"
    }

    static func interval(_ row: ClaimRow) -> String {
        guard let (low, high) = row.interval else { return "—" }
        return "\(row.format(low)) … \(row.format(high))"
    }

    static func e(_ text: String) -> String { SVG.escapeText(text) }
}
