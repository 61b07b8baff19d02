// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing

@testable import ResultsCatalogue

/// The catalogue keys runs on unique ids and never replaces a row (issue 15: two scenarios run in
/// the same second with the same seed kept one row); catalogues made before keep their rows.
@Suite("results catalogue")
struct CatalogueTests {
    static func root() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-\(UUID().uuidString)")
    }

    static func entry(scenario: String, interrupted: Bool = false) -> CatalogueEntry {
        CatalogueEntry(
            folder: "20260101-000000-check-seed1-n10", kind: "check", scenario: scenario, scenarioHash: "h", seed: 1,
            replications: 10, toolVersion: "t", startedAt: Date(timeIntervalSince1970: 0), directory: "x", passed: true,
            interrupted: interrupted, finished: interrupted ? 4 : 10, items: 10,
            measurements: [
                .init(point: 0, settings: "", claim: "c", measured: 1, ciLow: nil, ciHigh: nil, samples: 4, passed: true)
            ])
    }

    @Test("the same folder name twice, and two scenarios with one folder name, give a row each")
    func neverReplaced() throws {
        let catalogue = try ResultsCatalogue(root: Self.root())
        try catalogue.record(Self.entry(scenario: "a"))
        try catalogue.record(Self.entry(scenario: "a"))
        try catalogue.record(Self.entry(scenario: "b"))
        #expect(Set(try catalogue.history(scenario: "a").map(\.runID)).count == 2)
        #expect(try catalogue.history(scenario: "b").count == 1)
        var repeated = Self.entry(scenario: "a")
        repeated.runID = try catalogue.history(scenario: "b")[0].runID
        #expect(throws: (any Error).self) { try catalogue.record(repeated) }
    }

    @Test("an interrupted run is never a pass and keeps its counts")
    func interrupted() throws {
        let entry = Self.entry(scenario: "a", interrupted: true)
        #expect(!entry.passed)
        let catalogue = try ResultsCatalogue(root: Self.root())
        try catalogue.record(entry)
        let row = try #require(try catalogue.history(scenario: "a").first)
        #expect(row.interrupted && row.finished == 4 && row.items == 10)
        #expect(try catalogue.integrityCheck() == "ok")
    }

    @Test("a catalogue written before run ids were unique keeps its rows, folder names moved to `folder`")
    func migratesVersion1() throws {
        let root = Self.root()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: root.appendingPathComponent("catalogue.sqlite").path)
        try ResultsCatalogue.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO runs (runId, kind, scenario, scenarioHash, seed, replications, toolVersion, startedAt,
                                      directory, passed)
                    VALUES ('old-folder', 'check', 'a', 'h', 1, 10, 't', '1970-01-01T00:00:00Z', 'x', 1)
                    """)
            try db.execute(
                sql:
                    "INSERT INTO measurements (runId, point, settings, claim, samples, passed) VALUES ('old-folder', 0, '', 'c', 10, 1)"
            )
        }
        let catalogue = try ResultsCatalogue(root: root)
        try catalogue.record(Self.entry(scenario: "a"))
        let rows = try catalogue.history(scenario: "a")
        #expect(Set(rows.map(\.folder)) == ["old-folder", "20260101-000000-check-seed1-n10"])
        let old = try #require(rows.first { $0.folder == "old-folder" })
        #expect(old.runID == "old-folder" && !old.interrupted && old.finished == nil)
    }

    @Test("a value of the wrong type in a column (a catalogue edited by hand) is an error naming the column, not a trap")
    func wrongColumnType() throws {
        let root = Self.root()
        let catalogue = try ResultsCatalogue(root: root)
        try catalogue.record(Self.entry(scenario: "a"))
        #expect(try catalogue.history(scenario: "a").count == 1)
        let queue = try DatabaseQueue(path: catalogue.url.path)
        try queue.write { db in try db.execute(sql: "UPDATE runs SET replications = 'many'") }
        #expect {
            try catalogue.history(scenario: "a")
        } throws: { error in
            (error as? CatalogueError)?.description
                == "\(catalogue.url.path): error: cannot be read: column replications holds text, not a Int"
        }
    }
}
