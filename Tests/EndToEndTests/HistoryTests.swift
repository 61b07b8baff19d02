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
        let output = try CLI.run(["history", scenario, "--out", out.path, "--claim", "exitLatencyFromZone.mean"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("e2e-sweep: 4 runs"), "\(output.stdout)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.contains("room.exitLatencyFromZone.mean"))
        #expect(lines.filter { $0.contains(" run ") || $0.contains(" check ") }.count == 3)
        #expect(lines.contains { $0.contains(" check ") && $0.contains("Δ ") })
        #expect(
            lines.contains {
                $0.hasPrefix("room.exitLatencyFromZone.mean  [beacons.*.interval=1s radio.shadowingSigma=8dB]")
            })
        #expect(!output.stdout.contains("missedExits"))
        let byName = try CLI.run(["history", "e2e-sweep", "--out", out.path])
        #expect(byName.stdout.contains("room.missedExits.rate"))
        let none = try CLI.run(["history", "e2e-sweep", "--out", try CLI.temporaryDirectory().path])
        #expect(none.status == 2)
    }
}
