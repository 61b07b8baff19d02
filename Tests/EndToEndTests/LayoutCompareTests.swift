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
        let table = try String(contentsOf: first.appendingPathComponent("compare/compare.csv"), encoding: .utf8)
        #expect(table == (try String(contentsOf: second.appendingPathComponent("compare/compare.csv"), encoding: .utf8)))
        #expect(table.hasPrefix("metric,retail-a,retail-b\nbeacons,2,3\n"))
        #expect(table.contains("zone store: area covered"))
        #expect(table.contains("store: entry latency mean / p50 / p95 (s)"))
        #expect(table.contains("store: missed exits"))
        #expect(one.stdout.contains("retail-a") && one.stdout.contains("retail-b"))
    }

    @Test("common random numbers: a layout compared with itself gives two identical columns")
    func sameLayoutSameColumn() throws {
        let out = try CLI.temporaryDirectory()
        let layout = "Scenarios/layouts/retail-a.yaml"
        let result = try CLI.run(["compare", layout, layout, "--replications", "4", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let csv = try String(contentsOf: out.appendingPathComponent("compare/compare.csv"), encoding: .utf8)
        for line in csv.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            #expect(cells.count == 3 && cells[1] == cells[2], "\(line)")
        }
    }
}
