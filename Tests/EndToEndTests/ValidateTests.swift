// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim validate")
struct ValidateTests {
    @Test("a valid scenario passes with exit 0")
    func valid() throws {
        let output = try CLI.run(["validate", CLI.fixture("base.yaml")])
        #expect(output.status == 0)
        #expect(output.stdout.contains("ok:"))
    }

    @Test(
        "bad files give file:line:col diagnostics and exit 2",
        arguments: [
            (
                "bad-types.yaml",
                ["3:11: error: 'duration': duration needs a unit", "14:14: error: expected a number of dBm for 'txPower'"]
            ),
            ("unknown-key.yaml", ["13:5: error: unknown key 'intervall' in 'beacons'; did you mean 'interval'?"]),
            ("bad-uuid.yaml", ["11:22: error: invalid UUID 'not-a-uuid'"]),
            ("negative-interval.yaml", ["13:15: error: 'interval' must be in [20ms, 10240ms], found -100ms"]),
            ("empty-path.yaml", ["21:11: error: 'path' must have at least one waypoint"]),
        ])
    func invalid(file: String, expected: [String]) throws {
        let output = try CLI.run(["validate", CLI.fixture(file)])
        #expect(output.status == 2)
        for fragment in expected { #expect(output.stderr.contains("\(file):\(fragment)"), "\(output.stderr)") }
        #expect(!output.stderr.contains("Fatal error"))
    }

    @Test("every file is reported in one call, and the valid one still says ok")
    func several() throws {
        let output = try CLI.run([
            "validate", CLI.fixture("bad-uuid.yaml"), CLI.fixture("base.yaml"), CLI.fixture("empty-path.yaml"),
        ])
        #expect(output.status == 2)
        #expect(output.stderr.contains("bad-uuid.yaml:11:22"))
        #expect(output.stderr.contains("empty-path.yaml:21:11"))
        #expect(output.stdout.contains("base.yaml"))
    }

    @Test("run and check refuse bad input with exit 2 too, and write nothing")
    func runRefuses() throws {
        let out = try CLI.temporaryDirectory()
        #expect(try CLI.run(["run", CLI.fixture("empty-path.yaml"), "--out", out.path]).status == 2)
        #expect(try CLI.run(["check", CLI.fixture("unknown-key.yaml"), "--out", out.path]).status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test("a missing file is a diagnostic, not a crash")
    func missingFile() throws {
        let output = try CLI.run(["validate", "no/such/file.yaml"])
        #expect(output.status == 2)
        #expect(output.stderr.contains("no/such/file.yaml:1:1: error:"))
    }
}
