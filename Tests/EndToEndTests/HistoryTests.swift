// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("results catalogue and beaconsim history")
struct HistoryTests {
    @Test("run, check, sweep and merge are recorded in OUT/catalogue.sqlite; history lists each claim per run")
    func history() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = CLI.fixture("sweep-block.yaml")
        #expect(try CLI.run(["run", scenario, "--out", out.path]).status == 0)
        #expect(try CLI.run(["check", scenario, "--replications", "3", "--out", out.path]).status <= 1)
        #expect(try CLI.run(["check", scenario, "--replications", "3", "--seed", "2", "--out", out.path]).status <= 1)
        #expect(try CLI.run(["sweep", scenario, "--replications", "2", "--out", out.path]).status <= 1)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("catalogue.sqlite").path))
        // Another file with the same `name:` (a different hash).
        let copy = out.appendingPathComponent("renamed.yaml")
        try (String(contentsOfFile: scenario, encoding: .utf8) + "\n# edited\n").write(
            to: copy, atomically: true, encoding: .utf8)
        #expect(try CLI.run(["check", copy.path, "--replications", "3", "--out", out.path]).status <= 1)
        let output = try CLI.run(["history", scenario, "--out", out.path, "--claim", "exitLatencyFromZone.mean"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("e2e-sweep: 5 runs of 2 scenario versions"), "\(output.stdout)")
        let lines = output.stdout.split(separator: "\n")
        // Kinds apart: a run's value is never compared with a check's.
        #expect(lines.contains("run: room.exitLatencyFromZone.mean"))
        #expect(lines.contains("check: room.exitLatencyFromZone.mean"))
        let checks = lines.drop { $0 != "check: room.exitLatencyFromZone.mean" }.dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(checks.count == 3, "\(output.stdout)")
        #expect(checks.filter { $0.contains("Δ ") }.count == 1, "the second check of the same file")
        #expect(checks.filter { $0.contains("(other scenario)") }.count == 1, "the edited copy: no Δ across files")
        #expect(checks.filter { $0.hasPrefix("  * ") }.count == 2, "the given file's runs are marked")
        let runs = lines.drop { $0 != "run: room.exitLatencyFromZone.mean" }.dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(runs.count == 1 && !runs.contains { $0.contains("Δ") })
        #expect(
            lines.contains {
                $0.hasPrefix("sweep: room.exitLatencyFromZone.mean  [beacons.*.interval=1s radio.shadowingSigma=8dB]")
            })
        #expect(!output.stdout.contains("missedExits"))
        let byName = try CLI.run(["history", "e2e-sweep", "--out", out.path])
        #expect(byName.stdout.contains("room.missedExits.rate"))
        let none = try CLI.run(["history", "e2e-sweep", "--out", try CLI.temporaryDirectory().path])
        #expect(none.status == 2)
    }
}
