// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation

/// Options shared by `check` and `sweep`.
struct ExperimentOptions: ParsableArguments {
    @OptionGroup var access: ScenarioAccess

    @Option(parsing: .unconditional, help: "Replications (per grid point for sweep; default: the scenario's `replications`).")
    var replications: Int?

    @Option(parsing: .unconditional, help: "Seed (default: the scenario's `seed`). Every grid point uses the same seeds.")
    var seed: UInt64?

    @OptionGroup var threadOptions: ThreadOptions

    /// The worker threads (`--threads`, else every CPU the process may use).
    var threads: Int { threadOptions.count }

    @Option(help: "Results folder (the catalogue is OUT/catalogue.sqlite).")
    var out: String = "Results"

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
        if let replications, replications < 1 { throw ValidationError("--replications must be at least 1") }
        if let shard {
            do { _ = try Shard(argument: shard) } catch let error as ExperimentError { throw ValidationError(error.message) }
        }
    }

    var root: URL { URL(fileURLWithPath: out) }

    /// Records the shard count of `experiment` under OUT, or refuses a re-run whose count came only
    /// from the Slurm array's range and differs from the recorded one (`ShardCountRecord`).
    func verifyShardCount(_ experiment: Experiment) throws {
        let environment = ProcessInfo.processInfo.environment
        let implicit =
            shard == nil && shardCount == nil && environment["BEACONSIM_SHARD_COUNT"] == nil
            && environment["SLURM_ARRAY_TASK_ID"] != nil
        let file = ShardCountRecord.file(
            root: root, scenario: experiment.template.base, kind: experiment.kind, seed: experiment.seed,
            replications: experiment.replications, grid: experiment.grid)
        try ShardCountRecord.verify(experiment.shard, implicit: implicit, file: file)
    }

    /// `--shard`, else the batch scheduler's environment, else the whole experiment.
    func resolvedShard() throws -> Shard {
        if let shard { return try Shard(argument: shard) }
        return try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: shardCount) ?? .whole
    }
}
