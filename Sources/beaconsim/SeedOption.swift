// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import ScenarioFormat

/// `--seed`, shared by the commands that run one scenario with its own seed by default (`run`,
/// `bench`, `plan`, `check`, `sweep`). `compare`'s differs: the first layout's seed, for layouts only.
struct SeedOption: ParsableArguments {
    @Option(name: .customLong("seed"), parsing: .unconditional, help: "Seed (default: the scenario's `seed`).")
    var requested: UInt64?

    /// The seed to run `scenario` with: `--seed`, else the scenario's.
    func seed(for scenario: Scenario) -> UInt64 { requested ?? scenario.seed }
}
