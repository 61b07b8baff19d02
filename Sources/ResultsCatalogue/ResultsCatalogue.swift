// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import GRDB

/// `catalogue.sqlite` beside the results (`OUT/catalogue.sqlite`): one row per run, check, sweep
/// or merge in `runs`, and one row per measured claim condition in `measurements`, so a
/// regression shows as a change of a claim's value across runs and tool versions.
///
/// Writes are transactions with a 10 s busy timeout, so several processes on one machine may
/// record at once. SQLite locking is unreliable on network file systems: on a cluster, let the
/// shards write their folders and record the merge.
public struct ResultsCatalogue: Sendable {
    public let url: URL
    private let queue: DatabaseQueue

    /// Opens (creating if needed) the catalogue in `root`; throws `CatalogueError`.
    public init(root: URL) throws {
        let url = root.appendingPathComponent("catalogue.sqlite")
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw CatalogueError(path: root.path, message: "the folder cannot be created", cause: error)
        }
        self.url = url
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        queue = try Self.guarded(url, "cannot be opened") { try DatabaseQueue(path: url.path, configuration: configuration) }
        try Self.guarded(url, "cannot be opened") { [queue] in try Self.migrator.migrate(queue) }
    }

    /// Runs `body`, turning a database error into a `CatalogueError` that names the file and
    /// SQLite's reason.
    private static func guarded<T>(_ url: URL, _ what: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CatalogueError {
            throw error
        } catch let error as DatabaseError {
            let reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
            throw CatalogueError(path: url.path, message: "\(what): \(reason)", cause: error)
        } catch {
            throw CatalogueError(path: url.path, message: what, cause: error)
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "runs") { table in
                table.primaryKey("runId", .text)
                table.column("kind", .text).notNull()
                table.column("scenario", .text).notNull().indexed()
                table.column("scenarioHash", .text).notNull()
                table.column("seed", .integer).notNull()
                table.column("replications", .integer).notNull()
                table.column("toolVersion", .text).notNull()
                table.column("startedAt", .text).notNull()
                table.column("directory", .text).notNull()
                table.column("passed", .boolean).notNull()
            }
            try db.create(table: "measurements") { table in
                table.column("runId", .text).notNull().indexed().references("runs", onDelete: .cascade)
                table.column("point", .integer).notNull()
                table.column("settings", .text).notNull()
                table.column("claim", .text).notNull()
                table.column("measured", .double)
                table.column("ciLow", .double)
                table.column("ciHigh", .double)
                table.column("samples", .integer).notNull()
                table.column("passed", .boolean).notNull()
            }
        }
        // v2: runId becomes a random UUID (rows are only ever inserted); the folder name moves to
        // `folder`; interrupted runs say so and how much of them finished.
        migrator.registerMigration("v2") { db in
            try db.alter(table: "runs") { table in
                table.add(column: "folder", .text).notNull().defaults(to: "")
                table.add(column: "interrupted", .boolean).notNull().defaults(to: false)
                table.add(column: "finished", .integer)
                table.add(column: "items", .integer)
            }
            try db.execute(sql: "UPDATE runs SET folder = runId")
        }
        return migrator
    }

    /// Records `entry` as a new row; never replaces one (a repeated run id is an error).
    public func record(_ entry: CatalogueEntry) throws {
        try Self.guarded(url, "cannot be written") { try record(entry, in: queue) }
    }

    private func record(_ entry: CatalogueEntry, in queue: DatabaseQueue) throws {
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO runs (runId, folder, kind, scenario, scenarioHash, seed, replications, toolVersion,
                                      startedAt, directory, passed, interrupted, finished, items)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.runID, entry.folder, entry.kind, entry.scenario, entry.scenarioHash,
                    Int64(bitPattern: entry.seed), entry.replications, entry.toolVersion,
                    Self.timestamp(entry.startedAt), entry.directory, entry.passed, entry.interrupted, entry.finished,
                    entry.items,
                ])
            for item in entry.measurements {
                try db.execute(
                    sql: """
                        INSERT INTO measurements (runId, point, settings, claim, measured, ciLow, ciHigh, samples, passed)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        entry.runID, item.point, item.settings, item.claim, item.measured, item.ciLow, item.ciHigh,
                        item.samples, item.passed,
                    ])
            }
        }
    }

    /// Whether SQLite finds the file sound (`PRAGMA integrity_check` says `ok`).
    public func integrityCheck() throws -> String {
        try Self.guarded(url, "cannot be read") { try integrityCheck(in: queue) }
    }

    private func integrityCheck(in queue: DatabaseQueue) throws -> String {
        try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    /// Every measurement of `scenario`'s runs, oldest run first, then by claim and point.
    public func history(scenario: String) throws -> [HistoryRow] {
        do {
            return try Self.guarded(url, "cannot be read") { try history(scenario: scenario, in: queue) }
        } catch var error as CatalogueError where error.path.isEmpty {
            (error.path, error.message) = (url.path, "cannot be read: " + error.message)
            throw error
        }
    }

    private func history(scenario: String, in queue: DatabaseQueue) throws -> [HistoryRow] {
        try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT r.runId, r.folder, r.kind, r.toolVersion, r.startedAt, r.seed, r.replications,
                           r.scenarioHash, r.interrupted, r.finished, r.items,
                           m.point, m.settings, m.claim, m.measured, m.ciLow, m.ciHigh, m.samples, m.passed
                    FROM runs r JOIN measurements m ON m.runId = r.runId
                    WHERE r.scenario = ?
                    ORDER BY r.startedAt, r.runId, m.claim, m.point
                    """, arguments: [scenario]
            ).map(Self.historyRow)
        }
    }

    /// A row of the history query read column by column, each value checked for its type: a
    /// catalogue edited by hand (text in an integer column) is an error naming the column, not a trap
    /// (GRDB's typed subscript stops the process on a mismatch).
    static func historyRow(_ row: Row) throws -> HistoryRow {
        func value<T: DatabaseValueConvertible>(_ column: String) throws -> T {
            let stored: DatabaseValue = row[column]
            guard let converted = T.fromDatabaseValue(stored) else {
                throw CatalogueError(path: "", message: "column \(column) holds \(kind(stored)), not a \(T.self)")
            }
            return converted
        }
        func kind(_ stored: DatabaseValue) -> String {
            switch stored.storage {
            case .null: "NULL"
            case .int64: "an integer"
            case .double: "a real number"
            case .string: "text"
            case .blob: "a blob"
            }
        }
        func optional<T: DatabaseValueConvertible>(_ column: String) throws -> T? {
            let stored: DatabaseValue = row[column]
            return stored.isNull ? nil : try value(column) as T
        }
        return HistoryRow(
            runID: try value("runId"), folder: try value("folder"), kind: try value("kind"),
            toolVersion: try value("toolVersion"), startedAt: try value("startedAt"),
            seed: UInt64(bitPattern: try value("seed")), replications: try value("replications"),
            scenarioHash: try value("scenarioHash"), interrupted: try value("interrupted"), finished: try optional("finished"),
            items: try optional("items"),
            measurement: CatalogueEntry.Measurement(
                point: try value("point"), settings: try value("settings"), claim: try value("claim"),
                measured: try optional("measured"), ciLow: try optional("ciLow"), ciHigh: try optional("ciHigh"),
                samples: try value("samples"), passed: try value("passed")))
    }

    /// Scenario names with at least one run.
    public func scenarios() throws -> [String] {
        try Self.guarded(url, "cannot be read") { [queue] in
            try queue.read { db in try String.fetchAll(db, sql: "SELECT DISTINCT scenario FROM runs ORDER BY scenario") }
        }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: date)
    }
}
