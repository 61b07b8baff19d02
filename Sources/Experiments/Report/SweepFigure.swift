// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import ScenarioFormat

/// For a sweep: each claim condition's measured value (with its 95 % interval as an error bar)
/// against the first swept parameter, one series per combination of the other parameters.
///
/// The target is a green band (or a line for `==`); a numeric axis (`100ms,300ms,1s`) is drawn to
/// scale in its unit (logarithmic when it spans a decade or more), a categorical one (`ios,
/// android-abl`) as evenly spaced categories; the y axis names the unit (s for durations). Each
/// series keeps one colour in every figure of the report (`SweepSeries`). Filled markers passed
/// the condition; failed ones are hollow with a red ring.
enum SweepFigure {
    struct Point {
        var settings: [String]
        var row: ClaimRow?
    }

    /// One SVG per claim condition of sweep.json.
    static func svgs(_ sweep: SweepJSON, series: SweepSeries) -> [String] {
        let axes = series.axes
        let points = sweep.points ?? []
        guard let first = axes.first, !points.isEmpty else { return [] }
        let rows = points.map { ClaimRow.rows($0.claims ?? []) }
        return (rows.first ?? []).indices.map { index in
            let figurePoints = points.enumerated().map { number, point in
                Point(settings: series.values(of: point), row: rows[number].indices.contains(index) ? rows[number][index] : nil)
            }
            let template = rows[0][index]
            return svg(
                title: "\(template.name) (target \(template.target)) vs \(first.path)", axis: first,
                series: series, points: figurePoints, template: template)
        }
    }

    static func svg(title: String, axis: SweepAxis, series: SweepSeries, points: [Point], template: ClaimRow) -> String {
        let (x0, x1, y0, y1) = (80.0, 880.0, 260.0, 40.0)
        let position = XPosition(axis: axis, from: x0, to: x1)
        let legendY = y0 + position.height + 22
        var svg = SVG(width: 900, height: legendY + 22 + Double(series.labels.count + 1) * 16)
        svg.text(10, 18, title, weight: "bold")
        var values = points.flatMap { point in
            [point.row?.measured, point.row?.interval?.0, point.row?.interval?.1].compactMap { $0 }
        }
        let band = template.band
        guard !values.isEmpty else {
            svg.text(10, 60, "nothing measured at any point")
            return svg.text
        }
        values += [band?.low, band?.high].compactMap { $0 }
        let (low, high) = (values.min() ?? 0, values.max() ?? 1)
        let pad = high == low ? 1 : (high - low) * 0.08
        let domain = (low - pad)...(high + pad)
        let y = { (v: Double) in y0 - (v - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * (y0 - y1) }
        if let band {
            let top = y(min(band.high ?? domain.upperBound, domain.upperBound))
            let bottom = y(max(band.low ?? domain.lowerBound, domain.lowerBound))
            if band.low == band.high {
                svg.line(x0, top, x1, top, stroke: "#2ca02c", width: 2, dash: "6,3")
            } else {
                svg.rect(x0, top, x1 - x0, bottom - top, fill: "#e5f5e0", title: "target \(template.target)")
            }
        }
        position.draw(&svg, y: y0)
        svg.yAxis(
            x: x0, y0: y0, y1: y1, domain: domain, label: template.unit.isEmpty ? "measured" : "measured (\(template.unit))")
        let spread = position.spacing * 0.3
        for (seriesIndex, label) in series.labels.enumerated() {
            let colour = series.colour(seriesIndex)
            let offset = series.labels.count > 1 ? (Double(seriesIndex) / Double(series.labels.count - 1) - 0.5) * spread : 0
            var line: [(Double, Double)] = []
            for point in points where series.label(of: point.settings) == label {
                guard let row = point.row, let px = position.x(point.settings.first ?? "").map({ $0 + offset }) else { continue }
                if let interval = row.interval {
                    svg.line(px, y(interval.0), px, y(interval.1), stroke: colour, width: 1.5)
                    svg.line(px - 4, y(interval.0), px + 4, y(interval.0), stroke: colour)
                    svg.line(px - 4, y(interval.1), px + 4, y(interval.1), stroke: colour)
                }
                guard let measured = row.measured else { continue }
                line.append((px, y(measured)))
                let tip = "\(point.settings.joined(separator: ", ")): \(row.format(measured)) \(row.passed ? "PASS" : "FAIL")"
                if row.passed {
                    svg.circle(px, y(measured), r: 5, fill: colour, title: tip)
                } else {
                    svg.raw(
                        "<circle cx=\"\(SVG.n(px))\" cy=\"\(SVG.n(y(measured)))\" r=\"6\" fill=\"#fff\" stroke=\"#d62728\" "
                            + "stroke-width=\"2.5\"><title>\(SVG.escapeText(tip))</title></circle>")
                    svg.circle(px, y(measured), r: 2.5, fill: colour)
                }
            }
            // Lines join values of a numeric parameter only; categories are not a continuum.
            if position.numbers != nil { svg.polyline(line, stroke: colour, width: 1) }
            let ly = legendY + Double(seriesIndex) * 16
            svg.rect(x0, ly - 10, 12, 12, fill: colour)
            svg.text(x0 + 18, ly, label.isEmpty ? "all points" : label, size: 11)
        }
        let keyY = legendY + Double(series.labels.count) * 16
        svg.rect(x0, keyY - 10, 24, 12, fill: "#e5f5e0")
        svg.text(x0 + 30, keyY, "target \(template.target)   ● passed   ○ failed (red ring)   | 95 % interval", size: 11)
        return svg.text
    }
}

/// Where the first axis's values go on the x axis: to scale for a numeric axis (log when its
/// values span a decade or more), evenly for a categorical one.
struct XPosition {
    let axis: SweepAxis
    let from: Double
    let to: Double
    let numbers: AxisValues?
    let logarithmic: Bool

    init(axis: SweepAxis, from: Double, to: Double) {
        self.axis = axis
        self.from = from
        self.to = to
        numbers = AxisValues(axis)
        let positive = numbers?.numbers.allSatisfy { $0 > 0 } ?? false
        let ratio = (numbers?.numbers.max() ?? 1) / max(numbers?.numbers.min() ?? 1, 1e-12)
        logarithmic = positive && ratio >= 10
    }

    /// Distance between neighbouring categories (or a tenth of the axis for a numeric one).
    var spacing: Double { numbers == nil ? (to - from) / Double(max(axis.values.count, 1)) : (to - from) / 10 }

    func x(_ value: String) -> Double? {
        guard let index = axis.values.firstIndex(of: value) else { return nil }
        guard let numbers else { return from + spacing * (Double(index) + 0.5) }
        let scaled = numbers.numbers.map { logarithmic ? log10($0) : $0 }
        let (low, high) = (scaled.min() ?? 0, scaled.max() ?? 1)
        let inner = (to - from) * 0.1
        return high > low ? from + inner + (scaled[index] - low) / (high - low) * (to - from - 2 * inner) : (from + to) / 2
    }

    /// Whether the tick labels go on two alternating rows: category names wider than the space
    /// between two categories would overprint their neighbours (about 6.5 px per character at 11 px).
    var staggered: Bool {
        numbers == nil && axis.values.contains { Double($0.count) * 6.5 > spacing - 6 }
    }

    /// Height the axis takes below `y` in `draw`: ticks, labels and the axis title.
    var height: Double { staggered ? 48 : 36 }

    func draw(_ svg: inout SVG, y: Double) {
        svg.line(from, y, to, y)
        for (index, value) in axis.values.enumerated() {
            guard let px = x(value) else { continue }
            let row = staggered && index % 2 == 1 ? 12.0 : 0
            svg.line(px, y, px, y + 5 + row)
            let label = numbers.map { SVG.label($0.numbers[index]) } ?? value
            svg.text(px, y + 18 + row, label, anchor: "middle", size: 11)
        }
        let unit = numbers.map { $0.unit.isEmpty ? "" : " (\($0.unit)\(logarithmic ? ", log scale" : ""))" } ?? ""
        svg.text(
            (from + to) / 2, y + height, axis.path + unit + (numbers == nil ? " — categories" : ""), anchor: "middle",
            size: 11)
    }
}
