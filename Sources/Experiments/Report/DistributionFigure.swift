// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A latency sample as a histogram beside its empirical CDF (seconds), or several samples'
/// CDFs overlaid (one per sweep point).
enum DistributionFigure {
    static let palette = [
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    ]

    static func histogramAndCDF(title: String, samples: [Double]) -> String {
        var svg = SVG(width: 900, height: 300)
        svg.text(10, 18, "\(title) — \(samples.count) samples", weight: "bold")
        let sorted = samples.sorted()
        guard let low = sorted.first, let high = sorted.last else {
            svg.text(10, 60, "no samples")
            return svg.text
        }
        let domain = low == high ? (low - 1)...(high + 1) : low...high
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
        return svg.text
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
            for (rank, value) in sorted.enumerated() {
                let before = Double(rank) / Double(sorted.count)
                let after = Double(rank + 1) / Double(sorted.count)
                points.append((x(value), y0 - before * (y0 - y1)))
                points.append((x(value), y0 - after * (y0 - y1)))
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
