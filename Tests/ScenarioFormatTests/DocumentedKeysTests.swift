// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// `docs/scenario-format.md` lists the keys the loader reads: each key table of the reference
/// names exactly the keys of the loader's table for that mapping (`_SchemaKeys`, which the schema
/// test holds equal to `Scenarios/schema.json`), and its table of timeline events names exactly the
/// events and fields claims may filter on (`TimelineVocabulary`).
@Suite("Documented keys")
struct DocumentedKeysTests {
    /// The rows of the first table under `heading`: each row's cells.
    static func table(under heading: String) throws -> [[String]] {
        let doc = try String(contentsOfFile: Support.path("docs/scenario-format.md"), encoding: .utf8)
        let lines = doc.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: heading), "no heading \(heading)")
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// The backticked names in a cell: "`min`, `max`, `pN`" → min, max, pN.
    static func names(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
            String($0.element)
        }
    }

    @Test(
        "each key table lists exactly the loader's keys",
        arguments: [
            ("## Top level", ""), ("## venue", "venue"), ("## radio", "radio"), ("## beacons", "beacons[]"),
            ("## phones", "phones[]"), ("### app", "phones[].app"), ("## expect", "expect[]"),
            ("## outputs", "outputs"),
        ])
    func keyTables(heading: String, path: String) throws {
        let table = try #require(_SchemaKeys.byPath[path])
        let documented = try Self.table(under: heading).flatMap { Self.names($0.first ?? "") }
        let expected = (table.allowed ?? []) + (table.pattern != nil ? ["pN"] : [])
        #expect(Set(documented) == Set(expected), "\(heading)")
    }

    @Test("the table of timeline events lists every event with its filterable fields")
    func events() throws {
        var documented: [String: [String]] = [:]
        for row in try Self.table(under: "### Timeline events") {
            // Fields are backticked; their values, in parentheses, are not.
            for event in Self.names(row[0]) { documented[event] = Self.names(row.count > 1 ? row[1] : "") }
        }
        #expect(Set(documented.keys) == Set(TimelineVocabulary.events.map(\.name)))
        for event in TimelineVocabulary.events {
            #expect(documented[event.name] == event.fields.map(\.name), "\(event.name)")
        }
    }
}
