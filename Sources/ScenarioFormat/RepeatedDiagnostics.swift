// SPDX-License-Identifier: GPL-3.0-or-later

/// Diagnostics summarised when they repeat: a file with 20,000 unknown keys or 200,000 bad rows
/// gives the first few of each kind in full and then one line counting the rest, instead of
/// megabytes of the same sentence. Two messages are of one kind when they differ only in quoted
/// names (`'x1'`, `'x2'`) and numbers (line, field counts).
public enum RepeatedDiagnostics {
    /// How many diagnostics of one kind are shown in full.
    public static let shownPerKind = 5

    /// `lines` (each a rendered diagnostic, in order) with each kind's lines after the first
    /// `shownPerKind` replaced by one `note:` line, at the place of the first left out.
    public static func summarized(_ lines: [(text: String, message: String)]) -> [String] {
        var seen: [String: Int] = [:]
        var output: [String] = []
        var summaryIndex: [String: Int] = [:]
        for line in lines {
            let kind = Self.kind(of: line.message)
            let count = seen[kind, default: 0] + 1
            seen[kind] = count
            if count <= shownPerKind {
                output.append(line.text)
            } else if count == shownPerKind + 1 {
                summaryIndex[kind] = output.count
                output.append("")
            }
        }
        for (kind, index) in summaryIndex {
            let more = (seen[kind] ?? 0) - shownPerKind
            output[index] = "note: \(more) more error\(more == 1 ? "" : "s") like the \(shownPerKind) above not shown"
        }
        return output
    }

    /// The message with quoted text and digit runs blanked.
    static func kind(of message: String) -> String {
        var kind = ""
        var quoted = false
        var lastWasDigit = false
        for character in message {
            if character == "'" {
                quoted.toggle()
                kind.append("'")
                continue
            }
            if quoted { continue }
            if character.isNumber {
                if !lastWasDigit { kind.append("#") }
                lastWasDigit = true
                continue
            }
            lastWasDigit = false
            kind.append(character)
        }
        return kind
    }
}
