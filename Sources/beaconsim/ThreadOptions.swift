// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments

/// `--threads`, shared by the commands that run replications in parallel (`check`, `sweep`,
/// `compare`, `plan`): optional, so that the help states its default once, in words.
struct ThreadOptions: ParsableArguments {
    @Option(
        name: .customLong("threads"), parsing: .unconditional,
        help: ArgumentHelp(
            "Worker threads (default: the CPUs this process may use — its affinity mask, capped by its cgroup's CPU "
                + "quota). Results do not depend on it.", valueName: "threads"))
    var requested: Int?

    /// The threads to run on: `--threads`, else every CPU the process may use.
    var count: Int { requested ?? CPUBudget.available }

    func validate() throws {
        if let requested, requested < 1 { throw ValidationError("--threads must be at least 1") }
    }
}
