// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A latency sample as a histogram beside its empirical CDF (seconds), or several samples'
/// CDFs overlaid (one per sweep point).
enum DistributionFigure {
    static let palette = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    ]

    /// A claim's bound drawn on a figure: a vertical dashed line at `value` (seconds), named by `label`
    /// (`mean <= 45 s`) and coloured by the claim's verdict.
    struct Threshold {
        var label: String
        var value: Double
        var passed: Bool
    }

    static func histogramAndCDF(title: String, samples: [Double], thresholds: [Threshold] = []) -> String {
        var svg = SVG(width: 900, height: 300 + (thresholds.isEmpty ? 0 : 16 * Double(thresholds.count)))
        svg.text(10, 18, "\(title) — \(samples.count) \(samples.count == 1 ? "sample" : "samples")", weight: "bold")
        let sorted = samples.sorted()
        guard let low = sorted.first, let high = sorted.last else {
            svg.text(10, 60, "no samples")
            return svg.text
        }
        // The thresholds widen the axis so that a bound outside the sample is still drawn.
        let values = thresholds.map(\.value)
        let (lower, upper) = (min(low, values.min() ?? low), max(high, values.max() ?? high))
        let domain = lower == upper ? (lower - 1)...(upper + 1) : lower...upper
        let bins = min(max(Int(Double(sorted.count).squareRoot().rounded(.up)), 5), 40)
        let binWidth = (domain.upperBound - domain.lowerBound) / Double(bins)
        var counts = [Int](repeating: 0, count: bins)
        for value in sorted { counts[min(Int((value - domain.lowerBound) / binWidth), bins - 1)] += 1 }
        let peak = Double(counts.max() ?? 1)
        let (x0, x1, y0, y1) = (60.0, 420.0, 250.0, 40.0)
        for (index, count) in counts.enumerated() {
            let height = Double(count) / peak * (y0 - y1)
            let left = x0 + Double(index) / Double(bins) * (x1 - x0)
            svg.rect(
                left, y0 - height, (x1 - x0) / Double(bins) - 1, height, fill: "#4292c6",
                title:
                    "\(SVG.label(domain.lowerBound + Double(index) * binWidth))–\(SVG.label(domain.lowerBound + Double(index + 1) * binWidth)) s: \(count)"
            )
        }
        svg.xAxis(y: y0, x0: x0, x1: x1, domain: domain, label: "seconds")
        svg.yAxis(x: x0, y0: y0, y1: y1, domain: 0...peak, label: "count")
        cdfAxes(&svg, x0: 520, x1: 880, domain: domain, series: [(nil, sorted, palette[0], "")])
        for (index, threshold) in thresholds.enumerated() {
            let colour = threshold.passed ? "#1a7f37" : "#cf222e"
            for (left, right) in [(x0, x1), (520.0, 880.0)] {
                let at = left + (threshold.value - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * (right - left)
                svg.line(at, y1 - 6, at, y0, stroke: colour, width: 1.5, dash: "5,3")
            }
            let y = 300 + Double(index) * 16
            svg.line(x0, y - 4, x0 + 24, y - 4, stroke: colour, width: 1.5, dash: "5,3")
            svg.text(
                x0 + 30, y, "claim: \(threshold.label) (\(threshold.passed ? "PASS" : "FAIL"))", size: 11, fill: colour)
        }
        return svg.text
    }

    /// The steps of an empirical CDF: per distinct value (run-length encoded: 143,800 equal ranging
    /// intervals are one step) its cumulative share; above `limit` distinct values, the values at
    /// `limit` evenly spaced quantiles instead, so a figure's size does not grow with the sample.
    static func cdfSteps(_ sorted: [Double], limit: Int = 600) -> [(value: Double, before: Double, after: Double)] {
        var steps: [(value: Double, before: Double, after: Double)] = []
        let count = Double(sorted.count)
        var index = 0
        while index < sorted.count {
            var end = index + 1
            while end < sorted.count, sorted[end] == sorted[index] { end += 1 }
            steps.append((sorted[index], Double(index) / count, Double(end) / count))
            index = end
        }
        guard steps.count > limit else { return steps }
        var quantiles: [(value: Double, before: Double, after: Double)] = []
        var previous = 0.0
        for step in 1...limit {
            let share = Double(step) / Double(limit)
            let value = sorted[min(sorted.count - 1, max(0, Int((share * count).rounded(.up)) - 1))]
            quantiles.append((value, previous, share))
            previous = share
        }
        return quantiles
    }

    /// One curve of an overlaid CDF figure: its legend, samples and style.
    struct Curve {
        var label: String
        var samples: [Double]
        var colour: String
        /// SVG dash pattern, empty for a solid line.
        var dash: String
    }

    /// CDFs of several samples on one axis (each curve's label names it in the legend).
    static func overlaidCDFs(title: String, curves: [Curve]) -> String {
        let all = curves.flatMap(\.samples).sorted()
        var svg = SVG(width: 900, height: 300 + Double(curves.count) * 16)
        svg.text(10, 18, title, weight: "bold")
        guard let low = all.first, let high = all.last else {
            svg.text(10, 60, "no samples")
            return svg.text
        }
        let domain = low == high ? (low - 1)...(high + 1) : low...high
        cdfAxes(
            &svg, x0: 60, x1: 880, domain: domain,
            series: curves.map { ($0.label, $0.samples.sorted(), $0.colour, $0.dash) })
        return svg.text
    }

    private static func cdfAxes(
        _ svg: inout SVG, x0: Double, x1: Double, domain: ClosedRange<Double>,
        series: [(label: String?, sorted: [Double], colour: String, dash: String)]
    ) {
        let (y0, y1) = (250.0, 40.0)
        let x = { (v: Double) in x0 + (v - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * (x1 - x0) }
        for (index, (label, sorted, colour, dash)) in series.enumerated() where !sorted.isEmpty {
            var points: [(Double, Double)] = [(x0, y0)]
            for step in cdfSteps(sorted) {
                points.append((x(step.value), y0 - step.before * (y0 - y1)))
                points.append((x(step.value), y0 - step.after * (y0 - y1)))
            }
            points.append((x1, y1))
            svg.polyline(points, stroke: colour, width: 2, title: label, dash: dash.isEmpty ? nil : dash)
            if let label {
                let y = 300 + Double(index) * 16
                svg.line(x0, y - 4, x0 + 24, y - 4, stroke: colour, width: 2.5, dash: dash.isEmpty ? nil : dash)
                svg.text(x0 + 30, y, "\(label) (n = \(sorted.count))", size: 11)
            }
        }
        svg.xAxis(y: y0, x0: x0, x1: x1, domain: domain, label: "seconds")
        svg.yAxis(x: x0, y0: y0, y1: y1, domain: 0...1, label: "CDF")
    }
}
