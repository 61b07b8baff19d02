// SPDX-License-Identifier: GPL-3.0-or-later

/// Deterministic JSON text building: keys in the order given, numbers formatted without locale.
///
/// Results must be byte-identical for the same scenario and seed, so output never goes through a
/// dictionary or a locale-dependent formatter.
public enum JSONText {
    /// `value` as a JSON string literal with the required escapes.
    public static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A finite double in Swift's shortest round-trip form; non-finite values become `null`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `value` rounded to `decimals` places, as JSON.
    public static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return number((value * scale).rounded() / scale)
    }

    /// An object from ordered (key, already-encoded value) pairs.
    public static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// An array of already-encoded values.
    public static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// `value` as a number, or `null`.
    public static func optional(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    /// An object with one field per line, indented by `indent` spaces (for human-read JSON).
    public static func object(_ fields: [(String, String)], indent: Int) -> String {
        guard !fields.isEmpty else { return "{}" }
        let inner = String(repeating: " ", count: indent + 2)
        return "{\n" + fields.map { inner + string($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n"
            + String(repeating: " ", count: indent) + "}"
    }

    /// An array on one line, or (`multiline`) one item per line indented by `indent` spaces.
    public static func array(_ items: [String], indent: Int, multiline: Bool) -> String {
        guard !items.isEmpty else { return "[]" }
        guard multiline else { return "[" + items.joined(separator: ", ") + "]" }
        let inner = String(repeating: " ", count: indent + 2)
        return "[\n" + items.map { inner + $0 }.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    }
}
