// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A deterministic slice of an experiment's work items: shard `index` of `count` (0-based) takes
/// the items whose number `i` has `i % count == index`, so every item lands in exactly one shard
/// whatever the grid's shape, and the shards are balanced to within one item.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 0-based.
    public var index: Int
    public var count: Int

    public static let whole = Shard(index: 0, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses the 1-based command-line form `K/N` (1 ≤ K ≤ N).
    public init(argument: String) throws {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...Experiment.maximumItems).contains(n),
            (1...n).contains(k)
        else {
            throw ExperimentError(
                "--shard expects K/N with 1 <= K <= N <= \(Experiment.maximumItems), e.g. 2/3; found '\(argument)'")
        }
        self.init(index: k - 1, count: n)
    }

    /// The shard a batch scheduler assigned, if any. The index comes from the task's own number
    /// alone — `SLURM_ARRAY_TASK_ID` (a 0-based array, `--array=0-15`) or Kubernetes'
    /// `JOB_COMPLETION_INDEX` — so re-running one task (`sbatch --array=2`) re-runs exactly that
    /// shard. The count is the experiment's, never the size of the array that happens to run:
    /// `count` (`--shard-count`), else `BEACONSIM_SHARD_COUNT`, else for Slurm the array's full
    /// range (`SLURM_ARRAY_TASK_MAX` + 1) — which a resubmitted partial array does not have, so
    /// scripts pass `--shard-count`. Kubernetes does not export the completion count.
    public static func fromEnvironment(_ environment: [String: String], count explicitCount: Int?) throws -> Shard? {
        let configured = explicitCount ?? environment["BEACONSIM_SHARD_COUNT"].flatMap { Int($0) }
        if let task = environment["SLURM_ARRAY_TASK_ID"] {
            guard let id = Int(task),
                // Clamped before `+ 1`: a SLURM_ARRAY_TASK_MAX of Int.max is refused below, not a trap.
                let count = configured ?? environment["SLURM_ARRAY_TASK_MAX"].flatMap({ Int($0) }).map({ min($0, .max - 1) + 1 })
            else {
                throw ExperimentError(
                    "SLURM_ARRAY_TASK_ID is set but the number of shards is not known: give --shard-count "
                        + "(or BEACONSIM_SHARD_COUNT)")
            }
            return try checked(index: id, count: count, source: "SLURM_ARRAY_TASK_ID")
        }
        if let completion = environment["JOB_COMPLETION_INDEX"] {
            guard let index = Int(completion), let count = configured else {
                throw ExperimentError(
                    "JOB_COMPLETION_INDEX is set: give the number of shards with --shard-count or BEACONSIM_SHARD_COUNT"
                )
            }
            return try checked(index: index, count: count, source: "JOB_COMPLETION_INDEX")
        }
        return nil
    }

    private static func checked(index: Int, count: Int, source: String) throws -> Shard {
        guard (1...Experiment.maximumItems).contains(count) else {
            throw ExperimentError(
                "\(source) gives \(count) shards, outside 1…\(Experiment.maximumItems) (the most work items an experiment has)")
        }
        guard count >= 1, (0..<count).contains(index) else {
            throw ExperimentError(
                "\(source) gives shard \(index) of \(count), outside 0..<\(count) (array task IDs are the 0-based shard "
                    + "numbers: --array=0-\(max(count - 1, 0)))")
        }
        return Shard(index: index, count: count)
    }

    public func contains(_ item: Int) -> Bool { item % count == index }

    public var isWhole: Bool { count == 1 }

    /// `2/3` (1-based).
    public var description: String { "\(index + 1)/\(count)" }
}
