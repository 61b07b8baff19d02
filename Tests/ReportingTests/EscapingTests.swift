// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Reporting
import Testing

/// Property tests of `Escaping` over hostile names: random strings built from markup, quotes,
/// comment and script openers, control characters, separators, bidi overrides and text decoded
/// from invalid UTF-8 (lone surrogates, cut sequences), each kind checked for its own invariant.
@Suite("one escaping discipline per output kind")
struct EscapingTests {
    static let pieces = [
        "<!--<script>", "</script>", "<", ">", "&", "&amp;", "\"", "'", "`", "\u{1B}[31m", "\u{07}", "\r", "\n", "\t",
        "\u{0}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{FFFE}", "\u{FFFF}", ",", ";",
        "=cmd|' /C calc'!A0", "]]>", "-->", "é", "🙂", "a", " ",
        // Bytes that are not UTF-8 (a lone surrogate's encoding, a cut sequence), decoded with repair.
        String(decoding: [0xED, 0xA0, 0x80], as: UTF8.self), String(decoding: [0xC3], as: UTF8.self),
    ]

    /// 2,000 deterministic hostile strings of up to 12 pieces.
    static var hostile: [String] {
        var generator = SplitMix(seed: 30)
        return (0..<2_000).map { _ in
            (0..<Int.random(in: 1...12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined()
        }
    }

    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Reverses the five entities `markup` writes.
    static func unescapeMarkup(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(
        "HTML text, attributes, SVG, XML: no markup character survives, XML-forbidden characters are replaced, the rest round-trips"
    )
    func markup() {
        for name in Self.hostile {
            for escaped in [
                Escaping.htmlText(name), Escaping.htmlAttribute(name), Escaping.svg(name), Escaping.xml(name),
            ] {
                #expect(!escaped.contains(where: { "<>\"'".contains($0) }), "\(escaped.debugDescription)")
                #expect(
                    !escaped.unicodeScalars.contains {
                        ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || $0.value == 0xFFFE || $0.value == 0xFFFF
                    })
                let forbidden = name.unicodeScalars.map { scalar -> String in
                    let bad =
                        (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0xFFFE
                        || scalar.value == 0xFFFF
                    return bad ? "\u{FFFD}" : String(scalar)
                }
                #expect(Self.unescapeMarkup(escaped) == forbidden.joined())
            }
        }
    }

    @Test("inline JSON in <script>: no <, >, & or U+2028/2029 in the text, and the same string after JSON decoding")
    func scriptJSON() throws {
        for name in Self.hostile {
            let embedded = Escaping.scriptJSON(JSONText.string(name))
            #expect(!embedded.unicodeScalars.contains { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
            #expect(!embedded.lowercased().contains("</script") && !embedded.contains("<!--"))
            let decoded = try JSONDecoder().decode([String].self, from: Data("[\(embedded)]".utf8))
            #expect(decoded == [name])
        }
    }

    @Test("CSV: every field reads back whole (RFC 4180), one record per line")
    func csv() {
        for name in Self.hostile {
            let field = Escaping.csvField(name)
            if field.hasPrefix("\"") {
                #expect(field.hasSuffix("\"") && field.count >= 2)
                let inner = String(field.dropFirst().dropLast())
                #expect(!inner.replacingOccurrences(of: "\"\"", with: "").contains("\""))
                #expect(inner.replacingOccurrences(of: "\"\"", with: "\"") == name)
            } else {
                #expect(field == name)
                #expect(!name.unicodeScalars.contains { ",\"\r\n".unicodeScalars.contains($0) })
            }
        }
    }

    @Test("terminal: no control character but LF and tab, no separator or bidi override; the rest unchanged")
    func terminal() {
        for name in Self.hostile {
            let shown = Escaping.terminal(name)
            #expect(
                !shown.unicodeScalars.contains { scalar in
                    let value = scalar.value
                    return (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
                        || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                }, "\(shown.debugDescription)")
            if !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value >= 0x7F }) { #expect(shown == name) }
        }
        #expect(Escaping.terminal("a\u{1B}[31mb\n") == "a\\u{1b}[31mb\n")
    }
}
