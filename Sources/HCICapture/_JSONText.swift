// SPDX-License-Identifier: GPL-3.0-or-later

/// Minimal deterministic JSON building for `CaptureSummary` (keys in the order given, no locale).
/// Mirrors `Reporting.JSONText`, which HCICapture cannot depend on.
enum _JSONText {
    static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case let s where s.value < 0x20: result += "\\u" + _HexText.digits(UInt64(s.value), width: 4)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `value` rounded to `decimals` places; `null` when nil or not finite.
    static func number(_ value: Double?, decimals: Int) -> String {
        guard let value, value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    static func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    static func object(_ fields: [(String, String)], indent: Int) -> String {
        guard !fields.isEmpty else { return "{}" }
        let inner = String(repeating: " ", count: indent + 2)
        return "{\n" + fields.map { inner + string($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n"
            + String(repeating: " ", count: indent) + "}"
    }

    static func array(_ items: [String], indent: Int, multiline: Bool) -> String {
        guard !items.isEmpty else { return "[]" }
        guard multiline else { return "[" + items.joined(separator: ", ") + "]" }
        let inner = String(repeating: " ", count: indent + 2)
        return "[\n" + items.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent)
            + "]"
    }
}
