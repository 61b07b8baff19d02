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

    @Option(
        parsing: .unconditional,
        help:
            "Worker threads (default: the CPUs this process may use — its affinity mask, capped by its cgroup's CPU quota). Results do not depend on it."
    )
    var threads: Int = CPUBudget.available

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
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
        if let shard {
            do { _ = try Shard(argument: shard) } catch let error as ExperimentError { throw ValidationError(error.message) }
        }
    }

    var root: URL { URL(fileURLWithPath: out) }

    /// `--shard`, else the batch scheduler's environment, else the whole experiment.
    func resolvedShard() throws -> Shard {
        if let shard { return try Shard(argument: shard) }
        return try Shard.fromEnvironment(ProcessInfo.processInfo.environment, count: shardCount) ?? .whole
    }
}
