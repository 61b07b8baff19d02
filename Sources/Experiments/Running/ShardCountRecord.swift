// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import Reporting
public import ScenarioFormat

/// The shard count of a sharded experiment, recorded where a re-run of one shard finds it: the first
/// shard to start writes `OUT/.shard-counts/<scenario>-<kind>-seed<S>-n<N>-<hash>.count` (created
/// exclusively, so concurrent array tasks agree on one file); `<hash>` names the scenario's
/// contents and the sweep axes. A re-run whose count came from the array it runs in
/// (`SLURM_ARRAY_TASK_MAX` of a resubmitted `--array=3`) and differs from the record is refused
/// instead of silently running shard 4 of 4 beside folders of shard K of 16; a count given
/// explicitly (`--shard K/N`, `--shard-count`, `BEACONSIM_SHARD_COUNT`) is used as given.
public enum ShardCountRecord {
    /// The record's file for an experiment.
    public static func file(
        root: URL, scenario: Scenario, kind: ExperimentKind, seed: UInt64, replications: Int, grid: SweepGrid
    ) -> URL {
        let axes = grid.axes.map { "\($0.path)=\($0.values.joined(separator: ","))" }.joined(separator: ";")
        let identity = SHA256Digest.hex(of: Array("\(scenario.sourceHash)|\(axes)".utf8)).prefix(12)
        return root.appendingPathComponent(".shard-counts", isDirectory: true).appendingPathComponent(
            "\(ResultsStore.safeDirectoryName(scenario.name))-\(kind.rawValue)-seed\(seed)-n\(replications)-\(identity).count")
    }

    /// Records `shard.count` for the experiment, or checks it against the record: throws when the
    /// count was `implicit` (taken from the array's range) and the record says otherwise.
    public static func verify(_ shard: Shard, implicit: Bool, file: URL) throws {
        guard !shard.isWhole else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // O_EXCL: of the array tasks that start together, one writes the record; the others read it.
        let descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if descriptor >= 0 {
            let text = "\(shard.count)\n"
            _ = text.withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
            return
        }
        // Written by another task (or an earlier run); a record still being written reads as nothing.
        guard let text = try? String(contentsOf: file, encoding: .utf8),
            let recorded = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return }
        guard recorded == shard.count || !implicit else {
            throw ExperimentError(
                "this experiment ran as \(recorded) shards (recorded in \(file.path)), but this array gives shard "
                    + "\(shard.index + 1) of \(shard.count) (from SLURM_ARRAY_TASK_MAX): re-run a shard with "
                    + "--shard-count \(recorded), or remove that file to start the experiment afresh with another count")
        }
    }
}
