// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("Layout comparison")
struct LayoutCompareTests {
    @Test("compare of the two store layouts: a side-by-side table, identical for the same seed, whatever the threads")
    func sameSeedSameTable() throws {
        let layouts = ["Scenarios/layouts/retail-a.yaml", "Scenarios/layouts/retail-b.yaml"]
        let first = try CLI.temporaryDirectory(), second = try CLI.temporaryDirectory()
        let one = try CLI.run(["compare"] + layouts + ["--replications", "3", "--threads", "1", "--out", first.path])
        let two = try CLI.run(["compare"] + layouts + ["--replications", "3", "--threads", "2", "--out", second.path])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(two.status == 0, "\(two.stderr)")
        let folder = try Experiments.folder(in: first, scenario: "compare", containing: "layouts-seed1-n3")
        let table = try Experiments.text(folder, "compare.csv")
        let again = try Experiments.folder(in: second, scenario: "compare", containing: "layouts-seed1-n3")
        #expect(table == (try Experiments.text(again, "compare.csv")))
        #expect(table.hasPrefix("layout,scenarioPath,beacons,zone.store.coveredFraction,store.entryLatencyFromZone.mean_s,"))
        #expect(table.contains("\nretail-a,Scenarios/layouts/retail-a.yaml,2,"))
        #expect(table.contains("store.missedExits.count,store.missedExits.opportunities,store.missedExits.rate"))
        try Tables.expectTidy(table)
        #expect(one.stdout.contains("retail-a") && one.stdout.contains("retail-b"))
        let manifest = try Experiments.manifest(folder)
        #expect(manifest["seed"] as? Int == 1 && manifest["replications"] as? Int == 3 && manifest["version"] is String)
        #expect((manifest["scenarios"] as? [[String: Any]])?.map { $0["scenario"] as? String } == ["retail-a", "retail-b"])
        // A second comparison into the same results folder gets a folder of its own.
        #expect(try CLI.run(["compare"] + layouts + ["--replications", "3", "--out", first.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: first.appendingPathComponent("compare").path).count == 2)
    }

    @Test("common random numbers: a layout compared with itself gives two identical columns")
    func sameLayoutSameColumn() throws {
        let out = try CLI.temporaryDirectory()
        let layout = "Scenarios/layouts/retail-a.yaml"
        let result = try CLI.run(["compare", layout, layout, "--replications", "4", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let csv = try Experiments.text(try Experiments.folder(in: out, scenario: "compare", containing: "layouts"), "compare.csv")
        let rows = csv.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows.count == 2 && rows[0] == rows[1], "\(csv)")
    }
}
