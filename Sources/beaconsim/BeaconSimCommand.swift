// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser

@main
struct BeaconSimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beaconsim",
        abstract: "Simulate BLE beacon deployments and what a phone's app is told, and when.",
        subcommands: [
            RunCommand.self, CheckCommand.self, SweepCommand.self, MergeCommand.self, CompareCommand.self, HistoryCommand.self,
            ReportCommand.self, ValidateCommand.self, ProfilesCommand.self, InspectCommand.self, BenchCommand.self,
            CoverageCommand.self,
            ReplayCommand.self, ListenCommand.self, AdvertiseCommand.self,
        ])
}
