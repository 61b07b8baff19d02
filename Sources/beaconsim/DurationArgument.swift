// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import ScenarioFormat
import SimulationCore

/// A command-line duration such as `30s`, `5m`, `-2s` or `100ms` (the scenario-file syntax), at
/// most `ScenarioLimits.maximumSpan` (720h) either way.
struct DurationArgument: ExpressibleByArgument {
    var duration: SimDuration

    init?(argument: String) {
        guard let nanoseconds = DurationText.nanoseconds(argument),
            nanoseconds.magnitude <= ScenarioLimits.maximumSpan.magnitude
        else { return nil }
        duration = SimDuration(nanoseconds: nanoseconds)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
