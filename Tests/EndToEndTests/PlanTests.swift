// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `beaconsim plan`: proposals screened with the coverage model, confirmed under common random
/// numbers; the same seed gives the same plan, and the chosen file passes `check` with the
/// plan's seed and replications.
@Suite("Layout planning")
struct PlanTests {
    /// A copy of the retail-a layout and its shared shoppers in a folder of its own (plans write
    /// their scenario files beside the source).
    static func copyOfRetailA() throws -> URL {
        let folder = try CLI.temporaryDirectory()
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        for file in ["retail-a.yaml", "shared/retail-people.yaml"] {
            try FileManager.default.copyItem(
                at: CLI.root.appendingPathComponent("Scenarios/layouts/" + file), to: folder.appendingPathComponent(file))
        }
        return folder.appendingPathComponent("retail-a.yaml")
    }

    static let arguments = [
        "--replications", "3", "--tx-power", "0", "--coverage-targets", "0.3,0.6", "--pitch", "4m", "--resolution", "1m",
        "--seed", "7", "--threads", "2",
    ]

    /// plan.csv without its `path` column (the files' names carry the folder and the time).
    static func table(_ out: URL) throws -> String {
        let folder = try Experiments.folder(in: out, scenario: "retail-a", containing: "plan-seed7-n3")
        return try Experiments.text(folder, "plan.csv").split(separator: "\n").map { line in
            var fields = line.split(separator: ",", omittingEmptySubsequences: false)
            fields.remove(at: 1)
            return fields.joined(separator: ",")
        }.joined(separator: "\n")
    }

    @Test("the same seed plans the same layouts; the chosen file passes check with the plan's seed")
    func reproducible() throws {
        let (first, second) = (try Self.copyOfRetailA(), try Self.copyOfRetailA())
        let (outA, outB) = (try CLI.temporaryDirectory(), try CLI.temporaryDirectory())
        let one = try CLI.run(["plan", first.path] + Self.arguments + ["--out", outA.path])
        let two = try CLI.run(["plan", second.path] + Self.arguments + ["--threads", "1", "--out", outB.path])
        #expect(one.status == two.status, "\(one.stderr)\n\(two.stderr)")
        #expect(try Self.table(outA) == Self.table(outB))
        let table = try Self.table(outA)
        #expect(table.hasPrefix("layout,beacons,txPower_dBm,interval_ms,coverageTarget,claimsMet,claims,passed,"))
        let manifest = try Experiments.manifest(
            try Experiments.folder(in: outA, scenario: "retail-a", containing: "plan-seed7-n3"))
        let layouts = try #require(manifest["layouts"] as? [String])
        #expect(!layouts.isEmpty)
        // Every planned file loads and validates as a scenario a user can edit and check.
        for layout in layouts {
            #expect(try CLI.run(["validate", layout]).status == 0, "\(layout)")
        }
        guard let chosen = manifest["chosen"] as? String else {
            #expect(one.status == 1 && one.stdout.contains("no proposed layout met every claim"))
            return
        }
        let check = try CLI.run(["check", chosen, "--replications", "3", "--seed", "7", "--out", outA.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(one.stdout.contains("chosen: "))
    }

    @Test("a plan run in two shards merges to the unsharded plan, byte for byte; a missing shard is named")
    func shardsMerge() throws {
        let source = try Self.copyOfRetailA()
        let out = try CLI.temporaryDirectory()
        let (whole, shards, merged) = (
            out.appendingPathComponent("whole"), out.appendingPathComponent("shards"), out.appendingPathComponent("merged")
        )
        let unsharded = try CLI.run(["plan", source.path] + Self.arguments + ["--out", whole.path])
        var folders: [String] = []
        for index in 1...2 {
            // The second shard takes its index from a Slurm array task, as on a cluster.
            let shard =
                index == 1
                ? try CLI.run(["plan", source.path] + Self.arguments + ["--shard", "1/2", "--out", shards.path])
                : try CLI.run(
                    ["plan", source.path] + Self.arguments + ["--shard-count", "2", "--out", shards.path],
                    environment: ["SLURM_ARRAY_TASK_ID": "1"])
            #expect(shard.status == 0, "\(shard.stderr)")
            folders.append(
                try Experiments.folder(in: shards, scenario: "retail-a", containing: "shard\(index)of2").path)
        }
        let missing = try CLI.run(["merge", folders[0], "--out", merged.path])
        #expect(missing.status == 2 && missing.stderr.contains("missing plan shard(s) 2/2"), "\(missing.stderr)")
        let merge = try CLI.run(["merge"] + folders + ["--out", merged.path])
        #expect(merge.status == unsharded.status, "\(merge.stderr)")
        let planned = try Experiments.folder(in: whole, scenario: "retail-a", containing: "plan-seed7-n3")
        let mergedPlan = try Experiments.folder(in: merged, scenario: "retail-a", containing: "plan-seed7-n3")
        for file in ["plan.csv", "plan.txt"] {
            #expect(try Experiments.text(planned, file) == Experiments.text(mergedPlan, file), "\(file)")
        }
    }

    /// The shipped two-floor shop: its hand-made layout has two beacons per floor, its app one
    /// region per floor (UUID + major), so planned beacons of a floor share the floor's identity.
    @Test("on the two-floor shop the plan meets every claim with fewer beacons than the hand-made four; check agrees")
    func fewerThanHandMade() throws {
        let source = try CLI.temporaryDirectory().appendingPathComponent("two-floor-shop.yaml")
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent("Scenarios/layouts/two-floor-shop.yaml"), to: source)
        let out = try CLI.temporaryDirectory()
        let plan = try CLI.run([
            "plan", source.path, "--replications", "2", "--tx-power", "0", "--coverage-targets", "0.3", "--pitch", "4m",
            "--resolution", "1m", "--seed", "1", "--out", out.path,
        ])
        #expect(plan.status == 0, "\(plan.stdout)\n\(plan.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "two-floor-shop", containing: "plan-seed1-n2")
        let rows = try Experiments.text(folder, "plan.csv").split(separator: "\n").dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false)
        }
        let hand = try #require(rows.first { $0.first == "0" })
        let chosen = try #require(rows.first { $0.last == "1" })
        #expect(hand[2] == "4")
        #expect(Int(chosen[2]) ?? 4 < 4, "\(chosen)")
        let check = try CLI.run(["check", String(chosen[1]), "--replications", "2", "--seed", "1", "--out", out.path])
        #expect(check.status == 0, "\(check.stdout)")
    }
}
