// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// Runs many replications of a scenario in parallel, each in its own `World`.
///
/// Replication `r` seeds every stream from (`seed`, `r`, label), so results do not depend on the
/// number of threads or the order in which tasks finish; they are returned in replication order.
public enum Replications {
    /// Runs replications `range` and maps each result with `transform` inside its task (so a
    /// caller that keeps only metrics never holds every trace). At most `threads` run at once.
    public static func run<Output: Sendable>(
        _ scenario: Scenario, seed: UInt64, replications range: Range<Int>, threads: Int,
        transform: @escaping @Sendable (RunResult) -> Output
    ) async throws -> [Output] {
        var outputs = [Output?](repeating: nil, count: range.count)
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var next = range.lowerBound
            func launch() {
                let replication = next
                next += 1
                group.addTask {
                    let world = try World(scenario: scenario, seed: seed, replication: replication)
                    return (replication, transform(world.run()))
                }
            }
            for _ in 0..<min(max(threads, 1), range.count) { launch() }
            while let (replication, output) = try await group.next() {
                try Task.checkCancellation()
                outputs[replication - range.lowerBound] = output
                if next < range.upperBound { launch() }
            }
        }
        return outputs.compactMap { $0 }
    }
}
