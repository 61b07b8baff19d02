// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// What makes a CSV readable by pandas without cleaning: every row as wide as the header, and every
/// column of one kind — numbers (or empty), `true`/`false`, or text — never `65.7 %` or `a / b / c`.
enum Tables {
    /// Splits RFC 4180 text into rows of fields (quoted fields may hold commas).
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch (character, quoted) {
            case ("\"", false) where field.isEmpty: quoted = true
            case ("\"", true): quoted = false
            case (",", false):
                row.append(field)
                field = ""
            case ("\n", false):
                row.append(field)
                rows.append(row)
                (row, field) = ([], "")
            default: field.append(character)
            }
        }
        return rows
    }

    static func expectTidy(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let table = rows(text)
        let header = try #require(table.first, sourceLocation: sourceLocation)
        #expect(Set(header).count == header.count, "duplicate column names", sourceLocation: sourceLocation)
        for (index, name) in header.enumerated() {
            let cells = table.dropFirst().map { $0.count > index ? $0[index] : "<missing>" }
            #expect(!cells.contains("<missing>"), "row shorter than the header at \(name)", sourceLocation: sourceLocation)
            let filled = cells.filter { !$0.isEmpty }
            let numbers = filled.filter { Double($0) != nil }.count
            let booleans = filled.filter { $0 == "true" || $0 == "false" }.count
            #expect(
                numbers == 0 || numbers == filled.count, "column \(name) mixes numbers and text: \(Set(filled).prefix(5))",
                sourceLocation: sourceLocation)
            #expect(
                booleans == 0 || booleans == filled.count, "column \(name) mixes booleans and text",
                sourceLocation: sourceLocation)
            #expect(
                !filled.contains { $0.contains(" %") || $0.contains(" / ") }, "column \(name) holds formatted text",
                sourceLocation: sourceLocation)
            if name.hasSuffix("_s") || name.hasSuffix("_m") || name.hasSuffix("_dBm") || name.hasSuffix(".samples") {
                #expect(numbers == filled.count, "column \(name) is not numeric", sourceLocation: sourceLocation)
            }
        }
    }
}
