// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// README's promise: 0 success, 1 a claim failed, 2 bad input or usage; never a raw Foundation error.
@Suite("exit statuses and messages")
struct ExitStatusTests {
    @Test("--version prints the tool version and exits 0")
    func version() throws {
        let output = try CLI.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    @Test(
        "usage errors exit 2 with ArgumentParser's message",
        arguments: [["run"], ["run", "x.yaml", "--bogus"], ["check", "x.yaml", "--threads", "0"], ["nonsense"]])
    func usage(arguments: [String]) throws {
        let output = try CLI.run(arguments)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("Error:") || output.stderr.contains("Usage:"), "\(output.stderr)")
    }

    @Test("an unknown profile name exits 2 and lists the profiles")
    func unknownProfile() throws {
        let output = try CLI.run(["profiles", "ios", "andriod"])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("unknown profile 'andriod'") && output.stderr.contains("android-abl"))
    }

    @Test(
        "an --out that cannot be created exits 2 naming the obstacle, never a raw Foundation error",
        arguments: [
            ["run", "Scenarios/retail-store.yaml"], ["check", "Tests/EndToEndTests/Fixtures/base.yaml", "--replications", "1"],
            ["coverage", "Scenarios/retail-store.yaml"],
        ])
    func unwritableOut(arguments: [String]) throws {
        let directory = try CLI.temporaryDirectory()
        let file = directory.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let output = try CLI.run(arguments + ["--out", file.appendingPathComponent("sub").path])
        #expect(output.status == 2)
        #expect(output.stderr.contains("\(file.path) is not a directory"), "\(output.stderr)")
        #expect(!output.stderr.contains("Domain") && !output.stderr.contains("NSCocoa"), "\(output.stderr)")
    }

    @Test("a failing sweep point exits 1")
    func failingSweep() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run([
            "sweep", CLI.fixture("failing-claim.yaml"), "--set", "beacons.*.interval=100ms,200ms", "--replications", "1",
            "--out", out.path,
        ])
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout.contains("FAIL"))
    }

    @Test("check with one invalid file runs the others, writes JUnit with the file as a failed case and exits 2")
    func invalidFileInCheck() throws {
        let out = try CLI.temporaryDirectory()
        let junit = out.appendingPathComponent("junit.xml")
        let output = try CLI.run([
            "check", CLI.fixture("base.yaml"), CLI.fixture("unknown-key.yaml"), "--replications", "2", "--junit",
            junit.path, "--out", out.path,
        ])
        #expect(output.status == 2)
        #expect(output.stderr.contains("unknown-key.yaml:13:5: error: unknown key 'intervall'"))
        #expect(output.stdout.contains("base.yaml: PASS"))
        #expect(output.stdout.hasSuffix("1 passed, 1 failed\n"), "\(output.stdout)")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<testsuites name=\"beaconsim check\" tests=\"2\" failures=\"1\">"))
        #expect(xml.contains("name=\"loads\""))
        #expect(xml.contains("<failure message=\"invalid scenario\" type=\"InvalidScenario\">"))
    }

    /// The second scenario takes minutes, so the first file's verdict can only be read here if it
    /// was flushed into the pipe before the second file ran.
    @Test("check prints each file's verdict into a pipe before it goes on to the next file")
    func streaming() throws {
        let out = try CLI.temporaryDirectory()
        // The second file takes minutes (240 h simulated): the first verdict must arrive before it.
        let second = try ResultsSafetyTests.scenario(duration: "240h", in: out)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["check", CLI.fixture("base.yaml"), second, "--replications", "2", "--out", out.path]
        process.currentDirectoryURL = CLI.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains("check.json\n") {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(seen.contains("base.yaml: PASS"), "\(seen)")
        #expect(process.isRunning)
        process.terminate()
        seen += String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143, "\(seen)")
    }

    @Test("--threads defaults to the CPUs the process may use: one under taskset -c 0")
    func threadsFromAffinity() throws {
        let taskset = try #require(
            ["/usr/bin/taskset", "/bin/taskset"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "taskset (util-linux) is missing")
        let out = try CLI.temporaryDirectory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: taskset)
        process.arguments = ["-c", "0", CLI.binary, "check", CLI.fixture("base.yaml"), "--replications", "1", "--out", out.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let folder = try Experiments.folder(in: out, scenario: "e2e-base", containing: "check")
        #expect(try Experiments.manifest(folder)["threads"] as? Int == 1)
    }
}
