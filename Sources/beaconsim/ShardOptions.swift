// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation

/// `--shard` and `--shard-count`, shared by `check`, `sweep` and `plan`.
struct ShardOptions: ParsableArguments {
    @Option(
        help:
            "Run only shard K of N (1-based, e.g. 2/3); combine the folders with `beaconsim merge`. Default: shard SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (0-based) of --shard-count."
    )
    var shard: String?

    @Option(
        parsing: .unconditional,
        help:
            "Number of shards when the index comes from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX (or set BEACONSIM_SHARD_COUNT); Slurm's default is the array's full range."
    )
    var shardCount: Int?

    func validate() throws {
        if let shard {
            do { _ = try Shard(argument: shard) } catch let error as ExperimentError { throw ValidationError(error.message) }
        }
    }

    /// `--shard`, else the batch scheduler's environment, else the whole experiment.
    func resolvedShard() throws -> Shard {
        if let shard { return try Shard(argument: shard) }
        return try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: shardCount) ?? .whole
    }
}
