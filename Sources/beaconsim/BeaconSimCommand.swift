// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import BuildInfo
import Foundation

@main
struct BeaconSimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beaconsim",
        abstract: "Simulate BLE beacon deployments and what a phone's app is told, and when.",
        discussion:
            "Exit status: 0 success, 1 a claim failed, 2 bad input or usage, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).",
        version: BuildInfo.versionText(BeaconSimVersion.current),
        subcommands: [
            RunCommand.self, CheckCommand.self, SweepCommand.self, MergeCommand.self, CompareCommand.self, HistoryCommand.self,
            ReportCommand.self, ValidateCommand.self, ProfilesCommand.self, InspectCommand.self, BenchCommand.self,
            CoverageCommand.self, PlanCommand.self, FitCommand.self, PredictCommand.self,
            ReplayCommand.self, ListenCommand.self, AdvertiseCommand.self,
        ])

    /// Parses and runs the subcommand; every error, from the parser or any layer, goes through
    /// `ExitStatus.report` (one mapping to messages and exit statuses). Standard output is line-buffered, so verdicts
    /// and progress lines reach a pipe (a CI log) as they are printed.
    static func main() async {
        StandardOutput.lineBuffered()
        if let message = UnknownSubcommand.message(
            Array(CommandLine.arguments.dropFirst()), commands: configuration.subcommands)
        {
            Console.error(message)
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            Foundation.exit(ExitStatus.report(parsing: error))
        }
        StopSignal.install()
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            if ScenarioInput.catalogueFailed.load(ordering: .relaxed) {
                StandardOutput.flush()
                Foundation.exit(ExitStatus.badInput.rawValue)
            }
        } catch is StopFlag.Stopped {
            StandardOutput.flush()
            Foundation.exit((StopSignal.exitStatus ?? .interrupted).rawValue)
        } catch {
            StandardOutput.flush()
            Foundation.exit(ExitStatus.report(error))
        }
    }
}
