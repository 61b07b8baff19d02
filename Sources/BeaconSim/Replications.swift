// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// Runs many replications of a scenario in parallel, each in its own `World`.
///
/// Replication `r` seeds every stream from (`seed`, `r`, label), so results do not depend on the
/// number of threads or the order in which tasks finish; they are returned in replication order.
public enum Replications {
    /// Runs replications `range` and maps each result with `transform` inside its task (so a
    /// caller that keeps only metrics never holds every trace). At most `threads` run at once.
    /// When the calling task is cancelled, the finished replications are returned.
    public static func run<Output: Sendable>(
        _ scenario: Scenario, seed: UInt64, replications range: Range<Int>, threads: Int,
        transform: @escaping @Sendable (RunResult) -> Output
    ) async throws -> [Output] {
        let resolved = try ResolvedScenario(scenario)
        let outputs = try await jobs(Array(range), threads: threads) { replication in
            transform(World(resolved: resolved, seed: seed, replication: replication).run())
        }
        return outputs.compactMap { $0 }
    }

    /// Runs `work` on every job, at most `threads` at a time, and returns the outputs in job order.
    ///
    /// Cancelling the calling task or requesting `stop` stops launching jobs; the running ones
    /// finish (or, once `stop` is raised, return early and throw `StopFlag.Stopped`) and the result
    /// holds nil for every job that never ran or stopped. `progress(done, total)` is called on the
    /// calling task after each job, in completion order.
    public static func jobs<Job: Sendable, Output: Sendable>(
        _ jobs: [Job], threads: Int, stop: StopFlag? = nil, progress: (Int, Int) -> Void = { _, _ in },
        work: @escaping @Sendable (Job) throws -> Output
    ) async throws -> [Output?] {
        var outputs = [Output?](repeating: nil, count: jobs.count)
        try await withThrowingTaskGroup(of: (Int, Output?).self) { group in
            var next = 0
            var done = 0
            func launch() {
                let index = next
                let job = jobs[index]
                next += 1
                group.addTask {
                    do { return (index, try work(job)) } catch is StopFlag.Stopped { return (index, nil) }
                }
            }
            for _ in 0..<min(max(threads, 1), jobs.count) { launch() }
            while let (index, output) = try await group.next() {
                guard let output else { continue }
                outputs[index] = output
                done += 1
                progress(done, jobs.count)
                if next < jobs.count, !Task.isCancelled, stop?.isRequested != true { launch() }
            }
        }
        return outputs
    }
}
