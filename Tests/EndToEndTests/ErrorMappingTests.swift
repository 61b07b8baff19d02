// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The one mapping from errors to exit statuses (`ExitStatus.describe`), pinned from outside:
/// README's statuses, and the common I/O failures as `path: reason` lines with exit 2 — never a raw
/// Foundation or SQLite error. (Exit 130 after Ctrl-C: `ParallelTests`; 143 after SIGTERM:
/// `ResultsSafetyTests`.)
@Suite("error mapping")
struct ErrorMappingTests {
    /// Text that only a raw Foundation, GRDB or Swift error description would print.
    static let rawMarkers = [
        "Error Domain", "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "Foundation error", "SQLite error",
        "DecodingError", "Optional(", "CommandError(",
    ]

    static func expectClean(_ output: CLI.Output, _ context: String) {
        for marker in rawMarkers {
            #expect(!output.stderr.contains(marker), "\(context): raw error text on stderr: \(output.stderr)")
        }
    }

    @Test("README's statuses: 0 success, 1 a claim failed, 2 bad input")
    func statuses() throws {
        let out = try CLI.temporaryDirectory().path
        let cases: [([String], Int32)] = [
            (["validate", "Scenarios/retail-store.yaml"], 0),
            (["check", CLI.fixture("failing-claim.yaml"), "--replications", "1", "--out", out], 1),
            (["validate", CLI.fixture("unknown-key.yaml")], 2),
            (["run", "--help"], 0),
            (["run"], 2),
        ]
        for (arguments, status) in cases {
            let output = try CLI.run(arguments)
            #expect(output.status == status, "\(arguments): \(output.stderr)")
            Self.expectClean(output, "\(arguments)")
        }
    }

    @Test("a missing file or a directory where a file belongs: exit 2 naming the path and the reason")
    func missingAndDirectories() throws {
        let folder = try CLI.temporaryDirectory()
        let missing = folder.appendingPathComponent("missing").path
        let directory = folder.appendingPathComponent("dir")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let out = folder.appendingPathComponent("out").path
        let cases: [([String], String)] = [
            (
                ["run", missing + ".yaml", "--out", out],
                "\(missing).yaml:1:1: error: cannot read the file: no such file or directory"
            ),
            (["validate", directory.path], "\(directory.path):1:1: error: cannot read the file: it is a directory"),
            (["inspect", missing + ".log"], "\(missing).log for reading: no such file or directory"),
            (["inspect", directory.path], "\(directory.path) for reading: it is a directory"),
            (
                ["predict", "Scenarios/retail-store.yaml", missing + ".csv", "--out", out + ".csv"],
                "\(missing).csv:1: error: cannot read the file: no such file or directory"
            ),
            (
                ["predict", "Scenarios/retail-store.yaml", directory.path, "--out", out + ".csv"],
                "\(directory.path):1: error: cannot read the file: it is a directory"
            ),
            (
                ["check", CLI.fixture("base.yaml"), "--replications", "1", "--out", out, "--junit", directory.path],
                "\(directory.path): cannot write the JUnit file: it is a directory"
            ),
        ]
        for (arguments, expected) in cases {
            let output = try CLI.run(arguments)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(expected), "\(arguments): \(output.stderr)")
            Self.expectClean(output, "\(arguments)")
        }
    }

    @Test("a catalogue that cannot be written: the run's results are written and printed, then exit 2 (README)")
    func unwritableCatalogue() throws {
        let folder = try CLI.temporaryDirectory()
        try Data("not a database".utf8).write(to: folder.appendingPathComponent("catalogue.sqlite"))
        let output = try CLI.run(["run", CLI.fixture("base.yaml"), "--out", folder.path])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stdout.contains("Results: "))
        #expect(output.stderr.contains("error: could not record the run in"), "\(output.stderr)")
    }

    @Test("history of a catalogue with text in an integer column: exit 2 naming the column, not a trap")
    func textInIntegerColumn() throws {
        let folder = try CLI.temporaryDirectory()
        #expect(try CLI.run(["run", CLI.fixture("base.yaml"), "--out", folder.path]).status == 0)
        let catalogue = folder.appendingPathComponent("catalogue.sqlite")
        let sqlite = try CLI.execute(
            "/usr/bin/env",
            [
                "python3", "-c",
                "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); "
                    + "c.execute(\"UPDATE runs SET replications='many'\"); c.commit()", catalogue.path,
            ])
        #expect(sqlite.status == 0, "\(sqlite.stderr)")
        let output = try CLI.run(["history", CLI.fixture("base.yaml"), "--out", folder.path])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(
            output.stderr.contains("\(catalogue.path): error: cannot be read: column replications holds text, not a Int"),
            "\(output.stderr)")
        Self.expectClean(output, "history")
    }

    @Test("a catalogue that is not a database: exit 2 naming the file, not SQLite's raw error")
    func corruptCatalogue() throws {
        let folder = try CLI.temporaryDirectory()
        let catalogue = folder.appendingPathComponent("catalogue.sqlite")
        try Data("not a database".utf8).write(to: catalogue)
        let output = try CLI.run(["history", "Scenarios/retail-store.yaml", "--out", folder.path])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("\(catalogue.path): error: cannot be opened: file is not a database"), "\(output.stderr)")
        Self.expectClean(output, "history")
    }

    @Test("a damaged replications.jsonl: merge names the file and line, not the decoder's raw error")
    func damagedRecords() throws {
        let out = try CLI.temporaryDirectory()
        _ = try CLI.run(["check", CLI.fixture("base.yaml"), "--replications", "2", "--out", out.path])
        let folder = try Experiments.folder(in: out, scenario: "e2e-base", containing: "check")
        let records = folder.appendingPathComponent("replications.jsonl")
        let handle = try FileHandle(forWritingTo: records)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("{\"broken\": \n".utf8))
        try handle.close()
        let output = try CLI.run(["merge", folder.path, "--out", out.appendingPathComponent("merged").path])
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("\(records.path): error: the records were changed"), "\(output.stderr)")
        Self.expectClean(output, "merge")
        // A folder of an older version has no checksum: the damaged line is named.
        let manifest = folder.appendingPathComponent("manifest.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacing(/,"recordsSHA256":"[0-9a-f]+"/, with: "").write(to: manifest, atomically: true, encoding: .utf8)
        let older = try CLI.run(["merge", folder.path, "--out", out.appendingPathComponent("merged2").path])
        #expect(older.status == 2, "\(older.stderr)")
        #expect(older.stderr.contains("\(records.path):3: error: not a replication record ("), "\(older.stderr)")
        Self.expectClean(older, "merge")
    }

    @Test("permission denied on an input file or the output folder: exit 2 with the reason")
    func permissionDenied() throws {
        let folder = try CLI.temporaryDirectory()
        let secret = folder.appendingPathComponent("secret.yaml")
        try FileManager.default.copyItem(atPath: CLI.path("Scenarios/retail-store.yaml"), toPath: secret.path)
        let readOnly = folder.appendingPathComponent("read-only")
        let closed = folder.appendingPathComponent("closed")
        for directory in [readOnly, closed] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: closed.path)
        let scenario = CLI.path("Scenarios/retail-store.yaml")
        let cases: [([String], String)] = [
            (["run", secret.path, "--out", readOnly.path], "\(secret.path):1:1: error: cannot read the file: permission denied"),
            (["inspect", secret.path], "\(secret.path) for reading: permission denied"),
            (["run", scenario, "--out", readOnly.path], "cannot be created: permission denied in \(readOnly.path)"),
            (
                ["check", scenario, "--replications", "1", "--out", closed.appendingPathComponent("sub").path],
                "cannot be created: permission denied in \(closed.path)"
            ),
            (["coverage", scenario, "--out", readOnly.path], "cannot be created: permission denied in \(readOnly.path)"),
        ]
        for (arguments, expected) in cases {
            let output = try Self.runUnprivileged(arguments)
            #expect(output.status == 2, "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains(expected), "\(arguments): \(output.stderr)")
            Self.expectClean(output, "\(arguments)")
        }
    }

    /// Runs the CLI as an unprivileged user when the tests run as root (root reads and writes
    /// through any permission), with `setpriv` from util-linux.
    static func runUnprivileged(_ arguments: [String]) throws -> CLI.Output {
        guard geteuid() == 0 else { return try CLI.run(arguments) }
        let setpriv = try #require(
            ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "setpriv (util-linux) is missing")
        return try CLI.execute(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", CLI.binary] + arguments)
    }
}
