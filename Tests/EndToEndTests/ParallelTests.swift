// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("parallel replications and Ctrl-C")
struct ParallelTests {
    @Test("check.json and replications.jsonl are byte-identical with 1 and 2 threads")
    func threadCount() throws {
        let out = try CLI.temporaryDirectory()
        var folders: [URL] = []
        for threads in ["1", "2"] {
            let output = try CLI.run([
                "check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "12", "--threads", threads,
                "--out", out.appendingPathComponent(threads).path,
            ])
            // 0 or 1: claims may fail at 12 replications (exit 1); the point is identical output.
            #expect(output.status <= 1, "\(output.stderr)")
            folders.append(
                try Experiments.folder(
                    in: out.appendingPathComponent(threads), scenario: "retail-store", containing: "check"))
        }
        for file in ["check.json", "replications.jsonl"] {
            #expect(try Experiments.text(folders[0], file) == Experiments.text(folders[1], file), "\(file)")
        }
    }

    @Test("no progress bar when stderr is not a terminal")
    func quietWhenPiped() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(["check", CLI.fixture("base.yaml"), "--replications", "3", "--out", out.path])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test("Ctrl-C stops a long check, keeps the finished replications and exits 130")
    func interrupt() throws {
        let out = try CLI.temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = [
            "check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "5000", "--threads", "2", "--out",
            out.path,
        ]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        // Wait until some replications are done (the first takes well under a second).
        Thread.sleep(forTimeInterval: 2.0)
        process.interrupt()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted"))
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "check")
        let manifest = try Experiments.manifest(folder)
        #expect(manifest["interrupted"] as? Bool == true)
        let finished = try #require(manifest["finished"] as? Int)
        #expect(finished > 0 && finished < 5000)
        let lines = try Experiments.text(folder, "replications.jsonl").split(separator: "\n")
        #expect(lines.count == finished)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("check.json").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}
