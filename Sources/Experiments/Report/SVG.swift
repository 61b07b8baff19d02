// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Reporting

/// A minimal SVG builder: elements appended as text, coordinates in user units (pixels), numbers
/// with at most two decimals so the output is small and deterministic. Also used by `beaconsim fit`'s
/// figures (RadioCalibration).
public struct SVG {
    public let width: Double
    public let height: Double
    public private(set) var body: [String] = []

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var text: String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\" "
            + "font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
            + body.joined(separator: "\n")
            + "\n</svg>"
    }

    public mutating func rect(
        _ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, title: String? = nil, stroke: String? = nil
    ) {
        let strokeText = stroke.map { " stroke=\"\($0)\"" } ?? ""
        body.append(
            "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(w, 0.5)))\" height=\"\(n(h))\" fill=\"\(fill)\"\(strokeText)>"
                + (title.map { "<title>\(escape($0))</title>" } ?? "") + "</rect>")
    }

    public mutating func line(
        _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String = "#333", width: Double = 1,
        dash: String? = nil
    ) {
        body.append(
            "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\""
                + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + "/>")
    }

    public mutating func text(
        _ x: Double, _ y: Double, _ content: String, anchor: String = "start", size: Double = 12, fill: String = "#222",
        weight: String = "normal"
    ) {
        body.append(
            "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\" font-size=\"\(n(size))\" fill=\"\(fill)\" font-weight=\"\(weight)\">"
                + escape(content) + "</text>")
    }

    public mutating func circle(_ x: Double, _ y: Double, r: Double, fill: String, title: String? = nil) {
        body.append(
            "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" fill=\"\(fill)\">"
                + (title.map { "<title>\(escape($0))</title>" } ?? "") + "</circle>")
    }

    /// A closed or open polyline through `points`.
    public mutating func polyline(
        _ points: [(Double, Double)], stroke: String, width: Double = 1.5, fill: String = "none", closed: Bool = false,
        title: String? = nil, dash: String? = nil
    ) {
        guard let first = points.first else { return }
        let d =
            "M\(n(first.0)),\(n(first.1))" + points.dropFirst().map { "L\(n($0.0)),\(n($0.1))" }.joined()
            + (closed ? "Z" : "")
        body.append(
            "<path d=\"\(d)\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" fill=\"\(fill)\""
                + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + ">"
                + (title.map { "<title>\(escape($0))</title>" } ?? "") + "</path>")
    }

    /// Ticks and labels of a horizontal axis at `y` mapping `domain` onto `x0...x1`.
    public mutating func xAxis(y: Double, x0: Double, x1: Double, domain: ClosedRange<Double>, label: String) {
        line(x0, y, x1, y)
        for tick in Self.ticks(domain) {
            let x = x0 + (tick - domain.lowerBound) / max(domain.upperBound - domain.lowerBound, 1e-12) * (x1 - x0)
            line(x, y, x, y + 4)
            text(x, y + 16, Self.label(tick), anchor: "middle", size: 10)
        }
        text((x0 + x1) / 2, y + 32, label, anchor: "middle", size: 11)
    }

    /// Ticks and labels of a vertical axis at `x` mapping `domain` onto `y0` (bottom) … `y1` (top).
    public mutating func yAxis(x: Double, y0: Double, y1: Double, domain: ClosedRange<Double>, label: String) {
        line(x, y0, x, y1)
        for tick in Self.ticks(domain) {
            let y = y0 - (tick - domain.lowerBound) / max(domain.upperBound - domain.lowerBound, 1e-12) * (y0 - y1)
            line(x - 4, y, x, y)
            line(x, y, x + 4, y, stroke: "#ddd")
            text(x - 6, y + 4, Self.label(tick), anchor: "end", size: 10)
        }
        body.append(
            "<text transform=\"translate(\(n(x - 42)),\(n((y0 + y1) / 2))) rotate(-90)\" text-anchor=\"middle\" font-size=\"11\" fill=\"#222\">\(escape(label))</text>"
        )
    }

    /// About five round ticks (1, 2 or 5 × 10^k apart) inside `domain`.
    public static func ticks(_ domain: ClosedRange<Double>) -> [Double] {
        let span = domain.upperBound - domain.lowerBound
        guard span > 0, span.isFinite else { return [domain.lowerBound] }
        let step = PlanAxes.step(for: span, count: 5)
        var tick = (domain.lowerBound / step).rounded(.up) * step
        var result: [Double] = []
        while tick <= domain.upperBound + step * 1e-9, result.count < 50 {
            result.append(tick)
            tick += step
        }
        return result
    }

    /// Text appended as is (already SVG).
    public mutating func raw(_ text: String) { body.append(text) }

    public static func label(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e12 ? String(Int64(rounded)) : String(rounded)
    }

    public func n(_ value: Double) -> String { SVG.n(value) }

    /// A coordinate with at most two decimals.
    public static func n(_ value: Double) -> String { label((value * 100).rounded() / 100) }

    public func escape(_ text: String) -> String { Escaping.svg(text) }

    public static func escapeText(_ text: String) -> String { Escaping.svg(text) }
}
