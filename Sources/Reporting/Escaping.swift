// SPDX-License-Identifier: GPL-3.0-or-later

/// The one escaping discipline per output kind, used by every writer: whatever a name holds
/// (`<!--<script>`, quotes, control characters, U+2028), it stays inert text where it is embedded.
///
/// - HTML text, HTML attributes (quoted), SVG and XML (JUnit) share `markup`: `& < > " '` as
///   entities, and the characters XML 1.0 forbids (C0 controls other than tab, LF and CR;
///   U+FFFE, U+FFFF) replaced by U+FFFD, so a JUnit file stays well-formed XML (XML 1.0 §2.2).
/// - JSON inside `<script>`: `scriptJSON` also writes `<`, `>`, `&` and U+2028/U+2029 as `\uXXXX`
///   escapes (same JSON value), so neither `</script>` nor `<!--` can end or comment out the
///   script element (HTML Living Standard §4.12.1.3, restrictions for contents of script elements).
/// - CSV: `csvField` (RFC 4180: quoted when it holds a comma, quote, CR or LF).
/// - Terminal: `terminal` writes C0/C1 controls (ESC, BEL, CR, …), DEL, U+2028/2029 and the bidi
///   overrides as visible `\u{…}` so a name cannot move the cursor, recolour, retitle or reorder a
///   terminal or a CI log; LF and tab stay.
public enum Escaping {
    /// Text content of an HTML element.
    public static func htmlText(_ text: String) -> String { markup(text) }

    /// An HTML attribute value, for either quote character.
    public static func htmlAttribute(_ text: String) -> String { markup(text) }

    /// SVG text and attribute values.
    public static func svg(_ text: String) -> String { markup(text) }

    /// XML text and attribute values (JUnit).
    public static func xml(_ text: String) -> String { markup(text) }

    static func markup(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case let s where s.value < 0x20 || s.value == 0xFFFE || s.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// JSON text (from `JSONText`) made safe to embed in a `<script>` element.
    public static func scriptJSON(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A CSV field (RFC 4180), quoted only when it must be.
    public static func csvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text for a terminal or CI log: control characters other than LF and tab made visible.
    public static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 (but LF, tab), DEL, C1, the line and paragraph separators and the bidirectional
    /// overrides and isolates (which reorder what a terminal shows: "Trojan Source", CVE-2021-42574).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\n", scalar != "\t" else { return false }
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x2028...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
