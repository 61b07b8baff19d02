// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim compare")
struct CompareTests {
    @Test("two layouts' check folders compared claim by claim, and the comparison catalogued")
    func layouts() throws {
        let out = try CLI.temporaryDirectory()
        for scenario in ["Scenarios/retail-store.yaml", "notebooks/layouts/retail-store-door.yaml"] {
            #expect(try CLI.run(["check", CLI.path(scenario), "--replications", "4", "--out", out.path]).status <= 1)
        }
        let a = try Experiments.folder(in: out, scenario: "retail-store", containing: "check")
        let b = try Experiments.folder(in: out, scenario: "retail-store-door", containing: "check")
        let output = try CLI.run(["compare", a.path, b.path, "--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("A: retail-store  "))
        #expect(output.stdout.contains("store.exitLatencyFromLastPacket.mean\n    A "))
        #expect(output.stdout.contains("B−A "))
        let folder = try Experiments.folder(in: out, scenario: "compare", containing: "checks")
        let csv = try Experiments.text(folder, "compare.csv")
        #expect(csv.hasPrefix("claim,a,a.ci95_low,a.ci95_high,b,b.ci95_low,b.ci95_high,difference,resolved\n"))
        try Tables.expectTidy(csv)
        let manifest = try Experiments.manifest(folder)
        #expect((manifest["a"] as? [String: Any])?["replications"] as? Int == 4)
        #expect((manifest["b"] as? [String: Any])?["seed"] as? Int == 1)
        let history = try CLI.run(["history", "retail-store", "--out", out.path])
        #expect(history.stdout.contains("\ncomparison: "), "\(history.stdout)")
        let notCheck = try CLI.run(["compare", a.path, out.path, "--out", out.path])
        #expect(notCheck.status == 2)
        #expect(notCheck.stderr.contains("not a check folder"))
    }
}
