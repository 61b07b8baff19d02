// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Sizes given on the command line or in the environment are bounded before anything is
/// allocated: each too-large value is a clear error with exit 2, never a trap or a huge
/// allocation (issue 30).
@Suite("sizes from the command line and environment are bounded")
struct SizeLimitTests {
    static let base = CLI.fixture("base.yaml")

    @Test(
        "too large or non-finite sizes: exit 2 with a sentence about the size",
        arguments: [
            (["check", base, "--replications", "100000000"], [:], "more than 1000000 work items"),
            (["check", base], ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MAX": "9223372036854775807"], "outside 1…1000000"),
            (["check", base, "--shard", "1/9223372036854775807"], [:], "--shard expects K/N"),
            (["coverage", CLI.path("Scenarios/retail-store.yaml"), "--resolution", "1e-12"], [:], "more than 4000000 cells"),
            (["coverage", CLI.path("Scenarios/retail-store.yaml"), "--resolution", "inf"], [:], "a length > 0"),
            (
                [
                    "sweep", base, "--set", "beacons.*.interval=" + (1...1_000).map { "\($0 + 99)ms" }.joined(separator: ","),
                    "--set", "beacons.*.txPower=" + (1...1_000).map { "\(-($0 % 40))" }.joined(separator: ","),
                    "--set", "duration=" + (1...1_000).map { "\($0)s" }.joined(separator: ","),
                ], [:], "more than 1000000 points"
            ),
        ] as [([String], [String: String], String)])
    func bounded(arguments: [String], environment: [String: String], message: String) throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(arguments + ["--out", out.path], environment: environment)
        #expect(output.status == 2, "\(output.stderr.prefix(2_000))")
        #expect(output.stderr.contains(message), "\(output.stderr.prefix(2_000))")
        #expect(!output.stderr.contains("Fatal error") && !output.stderr.contains("Backtracing"))
    }

    @Test("a scenario name longer than a file name may be: validate and run say so at the name (exit 2)")
    func longName() throws {
        let out = try CLI.temporaryDirectory()
        let text = try String(contentsOfFile: Self.base, encoding: .utf8)
            .replacingOccurrences(of: "name: e2e-base", with: "name: " + String(repeating: "n", count: 300))
        let path = out.appendingPathComponent("long.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        for command in ["validate", "run"] {
            let output = try CLI.run([command, path] + (command == "run" ? ["--out", out.path] : []))
            #expect(output.status == 2)
            #expect(output.stderr.contains("'name' is 300 characters long"), "\(output.stderr)")
        }
    }
}
