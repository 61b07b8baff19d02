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
            environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "1"])
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

@Suite("re-running one shard")
struct ShardRerunTests {
    static let check = ["check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "4", "--shard-count", "2"]

    @Test("a resubmitted array task (sbatch --array=1) re-runs exactly its shard; merge uses one of identical copies")
    func resubmittedTask() throws {
        let out = try CLI.temporaryDirectory()
        let shards = out.appendingPathComponent("shards")
        for task in ["0", "1"] {
            let run = try CLI.run(
                Self.check + ["--out", shards.path],
                environment: ["SLURM_ARRAY_TASK_ID": task, "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "1"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        // The resubmission is an array of one task: its size says nothing about the experiment.
        let again = try CLI.run(
            Self.check + ["--out", shards.path],
            environment: [
                "SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "1",
                "SLURM_ARRAY_TASK_COUNT": "1",
            ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("(shard 2/2)"), "\(again.stdout)")
        let parent = shards.appendingPathComponent("retail-store")
        let folders = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(folders.filter { $0.contains("shard2of2") }.count == 2 && folders.count == 3)
        let merge = try CLI.run(["merge"] + folders.map { parent.appendingPathComponent($0).path } + ["--out", out.path])
        #expect(merge.status <= 1, "\(merge.stderr)")
        #expect(merge.stdout.contains("shard 2/2") && merge.stdout.contains("(identical); using the newer"), "\(merge.stdout)")
        let whole = try CLI.run(Array(Self.check.dropLast(2)) + ["--out", out.path])
        #expect(whole.status <= 1)
        let merged = try Experiments.folder(in: out, scenario: "retail-store", containing: "merged")
        let unsharded = try Experiments.folder(in: out, scenario: "retail-store", containing: "n4", excluding: "merged")
        for file in ["check.json", "replications.jsonl", "replications.csv"] {
            #expect(try Experiments.text(merged, file) == Experiments.text(unsharded, file), "\(file)")
        }
    }

    @Test("copies of a shard that differ: the one made by the other shards' version is kept; otherwise merge names both")
    func differingCopies() throws {
        let out = try CLI.temporaryDirectory()
        for k in ["1/2", "2/2"] { #expect(try CLI.run(Self.check.dropLast(2) + ["--shard", k, "--out", out.path]).status == 0) }
        let parent = out.appendingPathComponent("retail-store")
        let original = try Experiments.folder(in: out, scenario: "retail-store", containing: "shard2of2")
        let first = try Experiments.folder(in: out, scenario: "retail-store", containing: "shard1of2")
        let copy = parent.appendingPathComponent(
            "29991231-235959-" + original.lastPathComponent.split(separator: "-").dropFirst(2).joined(separator: "-"))
        try FileManager.default.copyItem(at: original, to: copy)
        let records = copy.appendingPathComponent("replications.jsonl")
        // Another tool version made the copy with a different result (a changed latency).
        var lines = try String(contentsOf: records, encoding: .utf8).split(separator: "\n").map(String.init)
        let edited = lines[0].replacingOccurrences(of: "\"counts\":{", with: "\"counts\":{\"falseExits\":7,")
        #expect(edited != lines[0])
        lines[0] = edited
        let editedRecords = Data((lines.joined(separator: "\n") + "\n").utf8)
        try editedRecords.write(to: records)
        let manifest = copy.appendingPathComponent("manifest.json")
        // That version wrote its own records' checksum.
        let text = try String(contentsOf: manifest, encoding: .utf8).replacing(
            /"recordsSHA256":"[0-9a-f]+"/, with: "\"recordsSHA256\":\"\(try Self.sha256(records))\"")
        let version = try #require(Browser.capture(#""version":"([^"]+)""#, in: text))
        try Data(text.replacingOccurrences(of: "\"version\":\"\(version)\"", with: "\"version\":\"0.0.1-old\"").utf8)
            .write(to: manifest)
        let kept = try CLI.run(["merge", first.path, original.path, copy.path, "--out", out.appendingPathComponent("m1").path])
        #expect(kept.status <= 1, "\(kept.stderr)")
        #expect(
            kept.stdout.contains("keeping \(original.path), made by version \(version) like the other shards"), "\(kept.stdout)")
        // With the same version on both, nothing decides: merge refuses and names both copies.
        try Data(text.utf8).write(to: manifest)
        let refused = try CLI.run(["merge", first.path, original.path, copy.path, "--out", out.appendingPathComponent("m2").path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("shard 2/2 was run more than once with different results"), "\(refused.stderr)")
        #expect(refused.stderr.contains(original.path) && refused.stderr.contains(copy.path))
    }

    /// SHA-256 of the file at `url` (sha256sum), lower-case hex.
    static func sha256(_ url: URL) throws -> String {
        let output = try CLI.execute("/usr/bin/sha256sum", [url.path])
        return String(output.stdout.prefix(64))
    }
}

@Suite("shard counts kept")
struct ShardCountTests {
    static let check = ["check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "4"]

    @Test("a re-run whose count comes from a smaller array is refused; merge names the shard count that differs")
    func reshardRefused() throws {
        let out = try CLI.temporaryDirectory()
        let first = try CLI.run(
            Self.check + ["--out", out.path],
            environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3"])
        #expect(first.status == 0, "\(first.stderr)")
        // Resubmitted as --array=1 without --shard-count: the array says 2 shards, the record 4.
        let again = try CLI.run(
            Self.check + ["--out", out.path],
            environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "1"])
        #expect(again.status == 2)
        #expect(again.stderr.contains("ran as 4 shards") && again.stderr.contains("--shard-count 4"), "\(again.stderr)")
        // Given explicitly, another count is used (a deliberate reshard), and merge says what differs.
        let explicit = try CLI.run(Self.check + ["--shard", "1/2", "--out", out.path])
        #expect(explicit.status == 0, "\(explicit.stderr)")
        let four = try Experiments.folder(in: out, scenario: "retail-store", containing: "shard2of4")
        let two = try Experiments.folder(in: out, scenario: "retail-store", containing: "shard1of2")
        let merge = try CLI.run(["merge", four.path, two.path, "--out", out.path])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("shard count 2 here, 4 in \(four.lastPathComponent)"), "\(merge.stderr)")
    }
}
