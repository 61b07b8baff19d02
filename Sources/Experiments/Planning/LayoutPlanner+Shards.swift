// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import Reporting
public import ScenarioFormat
internal import Sessions

extension LayoutPlanner {
    /// `beaconsim plan --shard K/N` (or a Slurm array task): every shard screens and writes (or
    /// finds, byte for byte the same) the planned files, then runs only its share of the
    /// confirmation — the work items `layout × replications + replication` that `shard` contains,
    /// layout 0 being the hand-made one — and writes them to `replications.jsonl` (`point` = layout)
    /// in `OUT/<scenario>/<time>-plan-seed<S>-n<N>-shard<K>of<N>`, with a `manifest.json`
    /// (`command: "plan-shard"`) recording the options, the files and their SHA-256.
    /// `beaconsim merge` of every shard's folder then writes the plan an unsharded run writes.
    /// Screening is not divided: each shard repeats it (it is deterministic, and cheap beside the
    /// replications on a venue of a few zones).
    public static func runShard(
        _ source: Scenario, options: Options, shard: Shard, imports: ImportPolicy, store: ResultsStore, startedAt: Date,
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) async throws -> (directory: URL, records: Int, prepared: Prepared) {
        let prepared = try prepare(source, options: options, imports: imports)
        let runs = try await LayoutComparison.measure(
            layouts: prepared.layouts, seed: options.seed, replications: options.replications, threads: options.threads,
            include: shard.contains, progress: progress)
        let records = runs.enumerated().flatMap { layout, runs in runs.map { ReplicationRecord(point: layout, run: $0) } }
        let lines = records.map { $0.jsonLine + "\n" }.joined()
        let directory = try store.newRunDirectory(
            scenario: source.name,
            label: "plan-seed\(options.seed)-n\(options.replications)-shard\(shard.index + 1)of\(shard.count)", now: startedAt)
        try store.write(lines, to: "replications.jsonl", in: directory)
        let files = prepared.layouts.map { layout in
            JSONText.object([
                ("scenarioPath", JSONText.string(layout.sourcePath)), ("scenarioHash", JSONText.string(layout.sourceHash)),
            ])
        }
        let proposals = prepared.proposals.map { proposal in
            JSONText.object([
                ("txPowerDBm", JSONText.number(proposal.txPower)),
                ("intervalNs", proposal.interval.map { String($0) } ?? "null"),
                ("coverageTarget", JSONText.number(proposal.target)),
            ])
        }
        // Keep-outs are rectangles (`--keep-out x0,y0,x1,y1`): recorded by their corners.
        let keepOuts = options.keepOuts.map { corners in
            let (xs, ys) = (corners.map(\.x), corners.map(\.y))
            return JSONText.array(
                [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0].map { JSONText.number($0) })
        }
        let manifest = RunManifest(
            command: PlanShardManifest.command, scenario: source, seed: options.seed, replications: options.replications,
            startedAt: startedAt, wallTimeSeconds: Date().timeIntervalSince(startedAt),
            extra: [
                ("shardIndex", String(shard.index)), ("shardCount", String(shard.count)),
                ("pitchMetres", JSONText.number(options.pitch)),
                ("txPowersDBm", JSONText.array(options.txPowers.map { JSONText.number($0) })),
                ("intervalsNs", JSONText.array(options.intervals.map { String($0) })),
                ("coverageTargets", JSONText.array(options.targets.map { JSONText.number($0) })),
                ("keepOuts", JSONText.array(keepOuts)),
                ("coverageResolutionMetres", JSONText.number(options.resolution)),
                ("files", JSONText.array(files)), ("proposals", JSONText.array(proposals)),
                ("recordsSHA256", JSONText.string(SHA256Digest.hex(of: Array(lines.utf8)))),
            ])
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return (directory, records.count, prepared)
    }

    /// `beaconsim merge` of plan shard folders: checks that they are the shards of one plan (same
    /// options, files and shard count), each shard once and every work item present, that the
    /// files are unchanged (SHA-256), then evaluates the claims, decides and writes the plan and
    /// comparison folders as an unsharded plan does. Nil when `directories[0]` is not a plan
    /// shard (a check or sweep shard: `ShardMerger`'s).
    public static func merge(_ directories: [URL], imports: ImportPolicy, store: ResultsStore) throws -> (
        planner: LayoutPlanner, plan: URL, compare: URL
    )? {
        // An unfinished folder is refused as every reader refuses it, before its manifest is read.
        for directory in directories { try ResultsFolderMarker.requireFinished(directory) }
        guard let firstDirectory = directories.first, let first = try PlanShardManifest.read(in: firstDirectory) else {
            return nil
        }
        var shards: [Int: URL] = [:]
        var manifests: [PlanShardManifest] = []
        for directory in directories {
            guard let manifest = try PlanShardManifest.read(in: directory) else {
                throw ExperimentError(at: directory.path, "not a plan shard folder: merge the shards of one plan only")
            }
            guard manifest.samePlan(as: first) else {
                throw ExperimentError(
                    at: directory.path,
                    "not a shard of the same plan as \(firstDirectory.path) (the options, files or shard count differ)")
            }
            if let other = shards[manifest.shardIndex] {
                throw ExperimentError(
                    at: directory.path,
                    "\(other.path) is shard \(manifest.shardIndex + 1)/\(manifest.shardCount) too: give one of them")
            }
            shards[manifest.shardIndex] = directory
            manifests.append(manifest)
        }
        let missing = Set(0..<first.shardCount).subtracting(shards.keys).sorted()
        guard missing.isEmpty else {
            throw ExperimentError(
                "missing plan shard(s) " + missing.map { "\($0 + 1)/\(first.shardCount)" }.joined(separator: ", "))
        }
        let layouts = try first.files.map { file in
            let scenario = try ScenarioLoader.load(path: file.scenarioPath, catalogue: .standard, imports: imports)
            guard scenario.sourceHash == file.scenarioHash else {
                throw ExperimentError(
                    at: file.scenarioPath, "changed since the plan's shards ran (its SHA-256 differs from the manifests')")
            }
            return scenario
        }
        guard first.proposals.count == layouts.count - 1 else {
            throw ExperimentError(at: firstDirectory.path, "manifest.json: one proposal per planned file expected")
        }
        var runs = [[ClaimRun?]](repeating: Array(repeating: nil, count: first.replications), count: layouts.count)
        for (manifest, directory) in zip(manifests, directories) {
            let shard = Shard(index: manifest.shardIndex, count: manifest.shardCount)
            let records = try ReplicationRecord.read(
                directory.appendingPathComponent("replications.jsonl"), points: layouts.count,
                replications: first.replications, checksum: manifest.recordsSHA256)
            for record in records {
                guard shard.contains(record.point * first.replications + record.replication),
                    runs[record.point][record.replication] == nil
                else {
                    throw ExperimentError(
                        at: directory.path,
                        "layout \(record.point) replication \(record.replication) is not shard \(shard)'s or appears twice")
                }
                runs[record.point][record.replication] = record.claimRun
            }
        }
        let found = runs.joined().compactMap { $0 }.count
        guard found == layouts.count * first.replications else {
            throw ExperimentError(
                "the plan shards hold \(found) of \(layouts.count * first.replications) replications: run the incomplete "
                    + "shards again")
        }
        let options = Options(
            pitch: first.pitchMetres, txPowers: first.txPowersDBm, targets: first.coverageTargets,
            keepOuts: first.keepOuts.map { box in
                [
                    Point2D(x: box[0], y: box[1]), Point2D(x: box[2], y: box[1]), Point2D(x: box[2], y: box[3]),
                    Point2D(x: box[0], y: box[3]),
                ]
            }, seed: first.seed, replications: first.replications, threads: 1, resolution: first.coverageResolutionMetres,
            intervals: first.intervalsNs)
        let prepared = Prepared(
            proposals: zip(first.proposals, layouts.dropFirst()).map { proposal, layout in
                Proposal(
                    txPower: proposal.txPowerDBm, interval: proposal.intervalNs, target: proposal.coverageTarget,
                    beacons: layout.beacons)
            }, layouts: layouts, paths: first.files.dropFirst().map(\.scenarioPath))
        let comparison = try LayoutComparison.assemble(
            layouts: layouts, seed: first.seed, replications: first.replications, resolution: first.coverageResolutionMetres,
            runs: runs.map { $0.compactMap { $0 } })
        let planner = decide(source: layouts[0], options: options, prepared: prepared, comparison: comparison)
        let (plan, compare) = try planner.write(into: store, startedAt: Date(), wallSeconds: 0)
        return (planner, plan, compare)
    }
}
