// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation

/// Options shared by `check` and `sweep`.
struct ExperimentOptions: ParsableArguments {
    @OptionGroup var access: ScenarioAccess

    @Option(parsing: .unconditional, help: "Replications (per grid point for sweep; default: the scenario's `replications`).")
    var replications: Int?

    @OptionGroup var seedOption: SeedOption

    /// `--seed`, nil for the scenario's own (every grid point of a sweep uses the same seeds).
    var seed: UInt64? { seedOption.requested }

    @OptionGroup var threadOptions: ThreadOptions

    /// The worker threads (`--threads`, else every CPU the process may use).
    var threads: Int { threadOptions.count }

    @OptionGroup var out: ResultsFolderOption

    @OptionGroup var shardOptions: ShardOptions

    var shard: String? { shardOptions.shard }
    var shardCount: Int? { shardOptions.shardCount }

    func validate() throws {
        if let replications, replications < 1 { throw ValidationError("--replications must be at least 1") }
    }

    var root: URL { out.url }

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
    func resolvedShard() throws -> Shard { try shardOptions.resolvedShard() }
}
