// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// For a sweep: each claim condition's measured value (with its 95 % interval as an error bar)
/// against the first swept parameter, one series per combination of the other parameters.
/// Filled markers passed the condition, hollow red ones failed.
enum SweepFigure {
    struct Point {
        var settings: [String]
        var measured: Double?
        var interval: (Double, Double)?
        var passed: Bool
    }

    /// One SVG per claim condition of sweep.json (parsed with JSONSerialization).
    static func svgs(_ sweep: [String: Any]) -> [String] {
        let axes = (sweep["axes"] as? [[String: Any]] ?? []).compactMap { axis -> (String, [String])? in
            guard let path = axis["path"] as? String, let values = axis["values"] as? [String] else { return nil }
            return (path, values)
        }
        let points = sweep["points"] as? [[String: Any]] ?? []
        guard let first = axes.first, let firstPoint = points.first else { return [] }
        let conditions = (firstPoint["claims"] as? [[String: Any]] ?? []).flatMap { claim in
            (claim["conditions"] as? [[String: Any]] ?? []).enumerated().map { index, condition in
                let subject = [claim["phone"] as? String, claim["region"] as? String].compactMap { $0 }.joined(
                    separator: "/")
                return (
                    claim: claim["metric"] as? String ?? "?", subject: subject,
                    statistic: condition["statistic"] as? String ?? "?", text: condition["condition"] as? String ?? "",
                    index: index
                )
            }
        }
        return conditions.enumerated().map { flatIndex, condition in
            let series = points.map { point -> Point in
                let settings = axes.map { axis in (point["settings"] as? [String: Any])?[axis.0] as? String ?? "" }
                let value = flattened(point)[safe: flatIndex]
                let measured = (value?["measured"] as? NSNumber)?.doubleValue
                let ci = (value?["ci95"] as? [NSNumber]).flatMap {
                    $0.count == 2 ? ($0[0].doubleValue, $0[1].doubleValue) : nil
                }
                return Point(
                    settings: settings, measured: measured, interval: ci, passed: value?["passed"] as? Bool ?? false)
            }
            let title =
                "\(condition.subject.isEmpty ? "" : condition.subject + " ")\(condition.claim) \(condition.statistic) (\(condition.text)) vs \(first.0)"
            return svg(
                title: title, axisValues: first.1, axisName: first.0, otherNames: axes.dropFirst().map(\.0),
                points: series)
        }
    }

    private static func flattened(_ point: [String: Any]) -> [[String: Any]] {
        (point["claims"] as? [[String: Any]] ?? []).flatMap { $0["conditions"] as? [[String: Any]] ?? [] }
    }

    static func svg(title: String, axisValues: [String], axisName: String, otherNames: [String], points: [Point])
        -> String
    {
        var labels: [String] = []
        for point in points {
            let label = zip(otherNames, point.settings.dropFirst()).map { "\($0)=\($1)" }.joined(separator: " ")
            if !labels.contains(label) { labels.append(label) }
        }
        var svg = SVG(width: 900, height: 330 + Double(labels.count) * 16)
        svg.text(10, 18, title, weight: "bold")
        let values = points.flatMap { point in [point.measured, point.interval?.0, point.interval?.1].compactMap { $0 }
        }
        guard let low = values.min(), let high = values.max() else {
            svg.text(10, 60, "nothing measured at any point")
            return svg.text
        }
        let pad = high == low ? 1 : (high - low) * 0.08
        let domain = (low - pad)...(high + pad)
        let (x0, x1, y0, y1) = (80.0, 880.0, 260.0, 40.0)
        let y = { (v: Double) in y0 - (v - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * (y0 - y1) }
        let slot = (x1 - x0) / Double(max(axisValues.count, 1))
        for (index, value) in axisValues.enumerated() {
            svg.text(x0 + slot * (Double(index) + 0.5), y0 + 16, value, anchor: "middle", size: 11)
        }
        svg.line(x0, y0, x1, y0)
        svg.text((x0 + x1) / 2, y0 + 34, axisName, anchor: "middle", size: 11)
        svg.yAxis(x: x0, y0: y0, y1: y1, domain: domain, label: "measured")
        for (seriesIndex, label) in labels.enumerated() {
            let colour = DistributionFigure.palette[seriesIndex % DistributionFigure.palette.count]
            let offset = (Double(seriesIndex) + 1) / Double(labels.count + 1) - 0.5
            var line: [(Double, Double)] = []
            for point in points {
                let pointLabel = zip(otherNames, point.settings.dropFirst()).map { "\($0)=\($1)" }.joined(
                    separator: " ")
                guard pointLabel == label, let column = axisValues.firstIndex(of: point.settings.first ?? "") else {
                    continue
                }
                let px = x0 + slot * (Double(column) + 0.5 + offset * 0.5)
                if let interval = point.interval {
                    svg.line(px, y(interval.0), px, y(interval.1), stroke: colour, width: 1.5)
                    svg.line(px - 4, y(interval.0), px + 4, y(interval.0), stroke: colour)
                    svg.line(px - 4, y(interval.1), px + 4, y(interval.1), stroke: colour)
                }
                guard let measured = point.measured else { continue }
                line.append((px, y(measured)))
                let tip =
                    "\(point.settings.joined(separator: ", ")): \(SVG.label(measured))"
                    + (point.passed ? " (pass)" : " (FAIL)")
                if point.passed {
                    svg.circle(px, y(measured), r: 5, fill: colour, title: tip)
                } else {
                    svg.circle(px, y(measured), r: 5, fill: "white", title: tip)
                    svg.circle(px, y(measured), r: 2, fill: "#d62728")
                }
            }
            svg.polyline(line, stroke: colour, width: 1)
            let ly = 310 + Double(seriesIndex) * 16
            svg.rect(x0, ly - 10, 12, 12, fill: colour)
            svg.text(x0 + 18, ly, label.isEmpty ? "all points" : label, size: 11)
        }
        return svg.text
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
