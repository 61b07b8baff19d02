// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import ScenarioFormat
import Synchronization

/// `--allow-outside-imports`, on every command that reads scenarios: lets a scenario's `imports:`
/// read files outside its own folder (refused by default, so a scenario from elsewhere cannot
/// make BeaconSim read `/etc` or `../.env`). Parsing it sets `ScenarioAccess.policy` for the
/// process, which `ScenarioInput` passes to the loader.
struct ScenarioAccess: ParsableArguments {
    @Flag(help: "Let a scenario's imports: read files outside the scenario's own folder.")
    var allowOutsideImports = false

    private static let anywhere = Atomic<Bool>(false)

    /// The import policy chosen on the command line.
    static var policy: ImportPolicy { anywhere.load(ordering: .relaxed) ? .anywhere : .withinScenarioTree }

    func validate() throws {
        if allowOutsideImports { Self.anywhere.store(true, ordering: .relaxed) }
    }
}
