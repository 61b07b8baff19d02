// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("sharding and beaconsim merge")
struct ShardTests {
    static let sweep = [
        "sweep", CLI.path("Scenarios/retail-store.yaml"), "--set", "beacons.*.interval=100ms,300ms,1s", "--set",
        "phones.*.os=ios,ios-7.0", "--replications", "4",
    ]

    @Test("a sweep in 3 shards, merged, equals the unsharded sweep byte for byte")
    func sweepMerge() throws {
        let out = try CLI.temporaryDirectory()
        let shards = out.appendingPathComponent("shards")
        let whole = try CLI.run(Self.sweep + ["--out", out.path])
        // iOS 7.0's 15-minute scans fail the store's claims at some points: a sweep with a failed point exits 1.
        #expect(whole.status == 1, "\(whole.stderr)")
        var folders: [String] = []
        for k in 1...3 {
            let shard = try CLI.run(Self.sweep + ["--shard", "\(k)/3", "--threads", "1", "--out", shards.path])
            #expect(shard.status == 0, "\(shard.stderr)")
            let folder = try Experiments.folder(in: shards, scenario: "retail-store", containing: "shard\(k)of3")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("sweep.csv").path))
            folders.append(folder.path)
        }
        let merge = try CLI.run(["merge"] + folders.reversed() + ["--out", out.path])
        #expect(merge.status == whole.status, "\(merge.stderr)")
        let unsharded = try Experiments.folder(in: out, scenario: "retail-store", containing: "n4", excluding: "merged")
        let merged = try Experiments.folder(in: out, scenario: "retail-store", containing: "merged")
        #expect(unsharded != merged)
        for file in ["sweep.csv", "sweep.json", "replications.jsonl"] {
            let a = try Data(contentsOf: unsharded.appendingPathComponent(file))
            let b = try Data(contentsOf: merged.appendingPathComponent(file))
            #expect(a == b, "\(file) differs")
        }
        #expect(try Experiments.text(merged, "sweep.csv").split(separator: "\n").count == 7)
    }

    @Test("check shards from SLURM_ARRAY_TASK_ID / JOB_COMPLETION_INDEX merge into the unsharded check.json")
    func checkMergeFromEnvironment() throws {
        let out = try CLI.temporaryDirectory()
        let shards = out.appendingPathComponent("shards")
        let scenario = CLI.path("Scenarios/retail-store.yaml")
        let whole = try CLI.run(["check", scenario, "--replications", "5", "--out", out.path])
        #expect(whole.status <= 1, "\(whole.stderr)")  // claims over 5 replications may fail; the point is the merge
        let first = try CLI.run(
            ["check", scenario, "--replications", "5", "--out", shards.path],
            environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try CLI.run(
            ["check", scenario, "--replications", "5", "--shard-count", "2", "--out", shards.path],
            environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(second.status == 0, "\(second.stderr)")
        let parts = try [1, 2].map {
            try Experiments.folder(in: shards, scenario: "retail-store", containing: "shard\($0)of2").path
        }
        #expect(
            try Experiments.text(URL(fileURLWithPath: parts[0]), "replications.jsonl").split(separator: "\n").count == 3
        )
        let merge = try CLI.run(["merge"] + parts + ["--out", out.path])
        #expect(merge.status == whole.status, "\(merge.stderr)")
        let unsharded = try Experiments.folder(in: out, scenario: "retail-store", containing: "n5", excluding: "merged")
        let merged = try Experiments.folder(in: out, scenario: "retail-store", containing: "merged")
        #expect(try Experiments.text(unsharded, "check.json") == Experiments.text(merged, "check.json"))
    }

    @Test("merge refuses an incomplete set of shards (exit 2, names the missing shard)")
    func missingShard() throws {
        let out = try CLI.temporaryDirectory()
        let shard = try CLI.run(Self.sweep + ["--shard", "2/3", "--out", out.path])
        #expect(shard.status == 0, "\(shard.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "shard2of3")
        let merge = try CLI.run(["merge", folder.path, "--out", out.path])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("missing shard(s) 1/3, 3/3"), "\(merge.stderr)")
        let bad = try CLI.run(["check", CLI.path("Scenarios/retail-store.yaml"), "--shard", "4/3", "--out", out.path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--shard expects K/N"))
    }
}
