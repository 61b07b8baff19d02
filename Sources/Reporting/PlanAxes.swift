// SPDX-License-Identifier: GPL-3.0-or-later

/// Metre axes and a scale bar around a floor plan drawn at `pixelsPerMetre` (plan y up, SVG y down),
/// shared by the coverage maps and the run report's floor plan so both read the same way.
public enum PlanAxes {
    /// A tick spacing of 1, 2 or 5 × 10ⁿ metres giving about `count` ticks over `length`.
    public static func step(for length: Double, count: Double = 8) -> Double {
        let raw = max(length / count, 1e-9)
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
    }

    /// Ticks and labels (m) along the bottom and left edges of a `width` × `height` m plan whose
    /// origin corner is at (`left`, `top` + height·k) in pixels, and a scale bar below it.
    public static func svg(width: Double, height: Double, pixelsPerMetre k: Double, left: Double, top: Double) -> String {
        let bottom = top + height * k
        let step = step(for: max(width, height))
        var out = ""
        var x = 0.0
        while x <= width + 1e-9 {
            let px = left + x * k
            out += "<line x1=\"\(n(px))\" y1=\"\(n(bottom))\" x2=\"\(n(px))\" y2=\"\(n(bottom + 5))\" stroke=\"#333\"/>"
            out += "<text x=\"\(n(px))\" y=\"\(n(bottom + 17))\" text-anchor=\"middle\" font-size=\"10\">\(label(x))</text>\n"
            x += step
        }
        var y = 0.0
        while y <= height + 1e-9 {
            let py = bottom - y * k
            out += "<line x1=\"\(n(left - 5))\" y1=\"\(n(py))\" x2=\"\(n(left))\" y2=\"\(n(py))\" stroke=\"#333\"/>"
            out += "<text x=\"\(n(left - 8))\" y=\"\(n(py + 3))\" text-anchor=\"end\" font-size=\"10\">\(label(y))</text>\n"
            y += step
        }
        out +=
            "<text x=\"\(n(left + width * k))\" y=\"\(n(bottom + 30))\" text-anchor=\"end\" font-size=\"10\">x (m)</text>"
            + "<text x=\"\(n(left - 8))\" y=\"\(n(top - 6))\" text-anchor=\"end\" font-size=\"10\">y (m)</text>\n"
        // Scale bar: one tick step, black and white halves, below the x axis on the left.
        let barTop = bottom + 26
        let half = step * k / 2
        out +=
            "<g class=\"scale-bar\"><rect x=\"\(n(left))\" y=\"\(n(barTop))\" width=\"\(n(half))\" height=\"5\" fill=\"#222\"/>"
            + "<rect x=\"\(n(left + half))\" y=\"\(n(barTop))\" width=\"\(n(half))\" height=\"5\" fill=\"#fff\" stroke=\"#222\"/>"
            + "<text x=\"\(n(left + step * k + 6))\" y=\"\(n(barTop + 6))\" font-size=\"10\">\(label(step)) m</text></g>\n"
        return out
    }

    /// Pixels the axes need outside the plan: left (labels), bottom (labels and scale bar).
    public static let leftMargin = 40.0
    public static let bottomMargin = 42.0

    static func label(_ metres: Double) -> String {
        metres == metres.rounded() ? String(Int(metres)) : String((metres * 10).rounded() / 10)
    }

    static func n(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
