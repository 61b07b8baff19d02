// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ResultsCatalogue
import Testing

/// Results are never lost or misrecorded (issue 15): SIGTERM and a second Ctrl-C keep finished
/// work; the catalogue keeps one row per run; `kill -9` leaves nothing read as results and a sound
/// catalogue.
@Suite("results survive signals and kills", .serialized)
struct ResultsSafetyTests {
    /// `base.yaml` with its duration replaced (a longer one makes each replication slower).
    static func scenario(duration: String, in folder: URL, name: String = "e2e-base") throws -> String {
        let text = try String(contentsOfFile: CLI.fixture("base.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "duration: 3m", with: "duration: \(duration)")
            .replacingOccurrences(of: "name: e2e-base", with: "name: \(name)")
        let path = folder.appendingPathComponent("\(name).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Starts `beaconsim arguments` with its output discarded.
    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = arguments
        process.currentDirectoryURL = CLI.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func finishedCount(_ folder: URL) throws -> (finished: Int, interrupted: Bool, lines: Int) {
        let manifest = try Experiments.manifest(folder)
        let lines = try Experiments.text(folder, "replications.jsonl").split(separator: "\n").count
        return (manifest["finished"] as? Int ?? -1, manifest["interrupted"] as? Bool ?? false, lines)
    }

    @Test("SIGTERM writes the finished replications, records the check as interrupted, exits 143")
    func sigterm() throws {
        let out = try CLI.temporaryDirectory()
        let process = try Self.start([
            "check", CLI.fixture("base.yaml"), "--replications", "100000", "--threads", "2", "--out", out.path,
        ])
        Thread.sleep(forTimeInterval: 4)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 143)
        let folder = try Experiments.folder(in: out, scenario: "e2e-base", containing: "-check-")
        let counts = try Self.finishedCount(folder)
        #expect(counts.interrupted && counts.finished > 0 && counts.finished == counts.lines)
        let rows = try ResultsCatalogue(root: out).history(scenario: "e2e-base")
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0.interrupted && $0.finished == counts.finished && $0.items == 100_000 })
        let history = try CLI.run(["history", "e2e-base", "--out", out.path])
        #expect(history.stdout.contains("INTERRUPTED (\(counts.finished) of 100000 finished)"), "\(history.stdout)")
        #expect(!history.stdout.contains("PASS"))
    }

    @Test("a second Ctrl-C stops the running replications at once and still writes the folder; exit 130")
    func secondInterrupt() throws {
        let out = try CLI.temporaryDirectory()
        // One replication of 240 h takes tens of seconds, even in a debug build (24 h came down to
        // about 2 s, close to the second Ctrl-C): none can finish before it.
        let scenario = try Self.scenario(duration: "240h", in: out)
        let process = try Self.start(["check", scenario, "--replications", "4", "--threads", "2", "--out", out.path])
        Thread.sleep(forTimeInterval: 2)
        process.interrupt()
        Thread.sleep(forTimeInterval: 0.5)
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        let counts = try Self.finishedCount(try Experiments.folder(in: out, scenario: "e2e-base", containing: "-check-"))
        #expect(counts.interrupted && counts.finished == 0 && counts.lines == 0)
    }

    @Test("two scenarios checked in the same second with the same seed keep a catalogue row each, every time")
    func uniqueRunIDs() throws {
        let out = try CLI.temporaryDirectory()
        let a = try Self.scenario(duration: "1m", in: out, name: "same-a")
        let b = try Self.scenario(duration: "1m", in: out, name: "same-b")
        for _ in 0..<2 {
            #expect(try CLI.run(["check", a, b, "--replications", "2", "--out", out.path]).status <= 1)
        }
        let catalogue = try ResultsCatalogue(root: out)
        for name in ["same-a", "same-b"] {
            #expect(Set(try catalogue.history(scenario: name).map(\.runID)).count == 2)
        }
    }

    @Test("kill -9 during run, check and sweep: the catalogue stays sound and the next run removes the debris")
    func killNine() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = CLI.fixture("sweep-block.yaml")
        let commands: [[String]] = [
            ["check", scenario, "--replications", "100000", "--threads", "2"],
            ["sweep", scenario, "--replications", "100000", "--threads", "2"],
            ["run", scenario],
            ["check", scenario, "--replications", "3"],
        ]
        var generator = SystemRandomNumberGenerator()
        for (index, command) in (commands + commands).enumerated() {
            // A finished check first, so that the catalogue exists and has rows to protect.
            if index == 0 { #expect(try CLI.run(["check", scenario, "--replications", "2", "--out", out.path]).status <= 1) }
            let process = try Self.start(command + ["--out", out.path])
            Thread.sleep(forTimeInterval: Double.random(in: 0.3...2.5, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(try ResultsCatalogue(root: out).integrityCheck() == "ok")
        }
        #expect(try CLI.run(["check", scenario, "--replications", "2", "--out", out.path]).status <= 1)
        let files = FileManager.default.enumerator(atPath: out.path)?.allObjects as? [String] ?? []
        #expect(files.filter { $0.hasSuffix(".tmp") }.isEmpty, "\(files)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("e2e-sweep").path)
        for name in folders {
            let manifest = out.appendingPathComponent("e2e-sweep/\(name)/manifest.json").path
            #expect(FileManager.default.fileExists(atPath: manifest), "\(name) has no manifest")
        }
        #expect(try ResultsCatalogue(root: out).integrityCheck() == "ok")
    }

    @Test("merge, report and compare refuse a folder without a manifest", arguments: ["merge", "report", "compare"])
    func unfinishedFolderRefused(command: String) throws {
        let out = try CLI.temporaryDirectory()
        let folder = out.appendingPathComponent("e2e-base/20260101-000000-check-seed1-n2")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "{}\n".write(to: folder.appendingPathComponent("replications.jsonl"), atomically: true, encoding: .utf8)
        try "{\"claims\": []}\n".write(to: folder.appendingPathComponent("check.json"), atomically: true, encoding: .utf8)
        let arguments =
            command == "compare" ? ["compare", folder.path, folder.path] : [command, folder.path]
        let output = try CLI.run(arguments + (command == "report" ? [] : ["--out", out.path]))
        #expect(output.status == 2)
        #expect(output.stderr.contains("not a finished results folder: it has no manifest.json"), "\(output.stderr)")
    }
}
