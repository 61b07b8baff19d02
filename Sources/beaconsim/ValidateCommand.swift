// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import Reporting
import ScenarioFormat

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files and report every problem as file:line:col: error: message.",
        discussion: "Exits 0 when every file is valid, 2 otherwise.")

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Scenario files (.yaml, .yml or .json).")
    var scenarios: [String]

    func run() throws {
        var failed = false
        for path in scenarios {
            do {
                let scenario = try ScenarioLoader.load(path: path, catalogue: .standard, imports: ScenarioAccess.policy)
                _ = try ResolvedScenario(scenario)
                print(
                    "ok: \(path) (\(Plural.count(scenario.beacons.count, "beacon")), \(Plural.count(scenario.phones.count, "phone")), "
                        + "\(Plural.count(scenario.expect.count, "claim")))"
                )
            } catch let error as ScenarioError {
                Console.error(error.description)
                failed = true
            }
        }
        if failed { throw CommandError(nil) }
    }
}
