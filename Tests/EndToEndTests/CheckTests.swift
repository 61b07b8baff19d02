// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim check")
struct CheckTests {
    @Test("passing claims exit 0 and say PASS with the measured value")
    func passing() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(["check", CLI.fixture("base.yaml"), "--replications", "5", "--out", out.path])
        #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("PASS  room  rangingInterval  max = 1.0 s"))
    }

    @Test("a failing claim exits 1 with a readable FAIL line pointing at the claim")
    func failing() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(["check", CLI.fixture("failing-claim.yaml"), "--replications", "3", "--out", out.path])
        #expect(output.status == 1)
        #expect(output.stdout.contains("FAIL  room  rangingInterval  max = 1.0 s  (<= 0.5s)"))
        #expect(output.stdout.contains("failing-claim.yaml:25:5"))
    }

    @Test("results do not depend on the number of threads")
    func threadIndependence() throws {
        let out = try CLI.temporaryDirectory()
        let one = try CLI.run([
            "check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "8", "--threads", "1", "--out", out.path,
        ])
        let two = try CLI.run([
            "check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "8", "--threads", "2", "--out", out.path,
        ])
        let claims = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("  PASS") || $0.hasPrefix("  FAIL") } }
        #expect(claims(one.stdout) == claims(two.stdout))
        #expect(!claims(one.stdout).isEmpty)
    }
}
