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
        #expect(
            table.hasPrefix(
                "layout,scenarioPath,beacons,rank,claimsMet,claims,coverageResolution_m,zone.store.coveredFraction,"
                    + "batteryLifeShortest_years,batteryLifeMean_years\n"))
        // Both layouts' claims (three of A's, one of B's), each evaluated in both layouts.
        #expect(table.contains("\nretail-a,Scenarios/layouts/retail-a.yaml,2,"))
        #expect(table.contains(",4,0.5,"))
        try Tables.expectTidy(table)
        let verdicts = try Experiments.text(folder, "verdicts.csv")
        try Tables.expectTidy(verdicts)
        #expect(verdicts == (try Experiments.text(again, "verdicts.csv")))
        #expect(verdicts.hasPrefix("kind,subject,quantity,statistic,target,location,unit,layout,value,ci95_low,ci95_high,"))
        #expect(verdicts.contains("claim,store,exitLatencyFromZone,p50,>= 50s,Scenarios/layouts/retail-b.yaml:33:5,s,retail-a,"))
        #expect(verdicts.contains("metric,bob/store,missedExits,rate,,,,retail-b,"))
        #expect(one.stdout.contains("claims (verdict, value, 95 % CI)") && one.stdout.contains("Δ retail-b − retail-a"))
        #expect(one.stdout.contains("retail-a") && one.stdout.contains("retail-b"))
        let manifest = try Experiments.manifest(folder)
        #expect(manifest["seed"] as? Int == 1 && manifest["replications"] as? Int == 3 && manifest["version"] is String)
        #expect((manifest["scenarios"] as? [[String: Any]])?.map { $0["scenario"] as? String } == ["retail-a", "retail-b"])
        #expect(manifest["coverageResolutionMetres"] as? Double == 0.5)
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
        // Paired differences of a layout with itself are exactly zero, never resolved.
        let verdicts = try Experiments.text(
            try Experiments.folder(in: out, scenario: "compare", containing: "layouts"), "verdicts.csv")
        let second = verdicts.split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        .filter { $0.count == 18 && !$0[13].isEmpty }
        #expect(!second.isEmpty && second.allSatisfy { $0[13] == "0" && $0[17] == "0" }, "\(verdicts)")
    }

    @Test("compare and coverage share one grid: the same zone reads the same covered share in both")
    func sharedGrid() throws {
        let out = try CLI.temporaryDirectory()
        let layout = "Scenarios/layouts/museum.yaml"
        #expect(try CLI.run(["coverage", layout, "--out", out.path]).status == 0)
        let zones = try Experiments.text(
            try Experiments.folder(in: out, scenario: "museum", containing: "coverage-0.5m"), "zones.csv")
        #expect(zones.hasPrefix("zone,region,coveredFraction,meanHearProbability,resolution_m\n"))
        let mask = try #require(zones.split(separator: "\n").first { $0.hasPrefix("mask,") }?.split(separator: ","))
        let result = try CLI.run(["compare", layout, layout, "--replications", "2", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "compare", containing: "layouts")
        let csv = try Experiments.text(folder, "compare.csv")
        let header = try #require(csv.split(separator: "\n").first?.split(separator: ","))
        let row = try #require(
            csv.split(separator: "\n").dropFirst().first?.split(separator: ",", omittingEmptySubsequences: false))
        let column = try #require(header.firstIndex(of: "zone.mask.coveredFraction"))
        #expect(abs((Double(row[column]) ?? -1) - (Double(mask[2]) ?? -2)) < 1e-4, "\(csv)\n\(zones)")
        #expect(row[header.firstIndex(of: "coverageResolution_m") ?? 0] == "0.5")
        // The museum's own claims, wrongNearest among them, with a verdict per layout.
        #expect(result.stdout.contains("exhibits wrongNearest rate <= 0.1"))
        #expect(result.stdout.contains("visitor/exhibits wrongNearest rate"))
        // `report` accepts the folder: the maps side by side with the walks, the verdicts, the CDFs.
        let report = try CLI.run(["report", folder.path])
        #expect(report.status == 0, "\(report.stderr)")
        let html = try Experiments.text(folder, "report.html")
        #expect(html.contains("Layouts, ranked by the claims they meet") && html.contains("class=\"walk\""))
        #expect(html.contains("<h2>Verdicts</h2>") && html.contains("Latency distributions, one curve per layout"))
        #expect(html.components(separatedBy: "<div class=\"cmp-map\">").count == 3)
        // Battery life per layout (the museum's beacons name a chip and a battery).
        #expect(result.stdout.contains("battery life shortest"))
        #expect(
            header.contains("batteryLifeShortest_years") && !row[header.firstIndex(of: "batteryLifeShortest_years") ?? 0].isEmpty)
    }
}
