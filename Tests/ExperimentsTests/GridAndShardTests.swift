// SPDX-License-Identifier: GPL-3.0-or-later
import Experiments
import Foundation
import ScenarioFormat
import Testing

@Suite("sweep grids and shards")
struct GridAndShardTests {
    @Test("points enumerate every combination, the first axis slowest")
    func gridOrder() {
        let grid = SweepGrid(axes: [
            SweepAxis(path: "a", values: ["1", "2"]), SweepAxis(path: "b", values: ["x", "y", "z"]),
        ])
        #expect(grid.count == 6)
        #expect((0..<6).map { grid.values(at: $0).joined() } == ["1x", "1y", "1z", "2x", "2y", "2z"])
        #expect(SweepGrid(axes: []).count == 1)
    }

    @Test("command-line axes replace block axes of the same path")
    func combining() {
        let grid = SweepGrid.combining(
            scenario: [SweepAxis(path: "a", values: ["1"]), SweepAxis(path: "b", values: ["2"])],
            commandLine: [SweepAxis(path: "a", values: ["3", "4"])])
        #expect(grid.axes.map(\.path) == ["b", "a"])
        #expect(grid.count == 2)
    }

    @Test("every item falls in exactly one shard")
    func partition() throws {
        let shards = try (1...3).map { try Shard(argument: "\($0)/3") }
        for item in 0..<100 { #expect(shards.filter { $0.contains(item) }.count == 1) }
        #expect(throws: ExperimentError.self) { try Shard(argument: "0/3") }
        #expect(throws: ExperimentError.self) { try Shard(argument: "3") }
    }

    @Test("Slurm and Kubernetes environments")
    func environment() throws {
        #expect(try Shard.fromEnvironment([:], count: nil) == nil)
        // The index is the task ID alone; the count the experiment's, never the running array's size.
        let full = [
            "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "3", "SLURM_ARRAY_TASK_COUNT": "4",
        ]
        #expect(try Shard.fromEnvironment(full, count: nil) == Shard(index: 2, count: 4))
        let resubmitted = [
            "SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_MAX": "2", "SLURM_ARRAY_TASK_COUNT": "1",
        ]
        #expect(try Shard.fromEnvironment(resubmitted, count: 4) == Shard(index: 2, count: 4))
        #expect(
            try Shard.fromEnvironment(resubmitted.merging(["BEACONSIM_SHARD_COUNT": "4"]) { $1 }, count: nil)
                == Shard(index: 2, count: 4))
        #expect(throws: ExperimentError.self) { try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "2"], count: nil) }
        #expect(throws: ExperimentError.self) { try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "4"], count: 4) }
        #expect(
            try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0", "BEACONSIM_SHARD_COUNT": "5"], count: nil)
                == Shard(index: 0, count: 5))
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "1"], count: 2) == Shard(index: 1, count: 2))
        #expect(throws: ExperimentError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "1"], count: nil) }
        #expect(throws: ExperimentError.self) { try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "5"], count: 2) }
    }

    @Test("the progress line shows the fraction, counts and ETA")
    func progressLine() {
        let bar = ProgressBar(label: "x", enabled: false)
        bar.update(1, 2)
        bar.finish()
    }
}
