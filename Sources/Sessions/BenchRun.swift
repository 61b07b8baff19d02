// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import Reporting
public import ScenarioFormat

/// `beaconsim bench`: one world of a scenario run with nothing written and no metrics, its
/// records only counted (`make bench` times the engine alone).
public enum BenchRun {
    /// Runs replication 0 of `scenario` with seed `seed` on the loop `mode`: its counters and the
    /// number of app callbacks (`did…` records) it produced.
    public static func run(_ scenario: Scenario, seed: UInt64, mode: LoopMode) throws -> (
        result: RunResult, callbacks: Int
    ) {
        let world = try World(scenario: scenario, seed: seed)
        let recording = RunRecording(timeline: nil, metrics: nil)  // records counted, not kept
        let result = world.run(recordingTo: recording, mode: mode)
        return (result, recording.callbacks)
    }
}
