// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat

struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Map a layout's coverage: strongest-beacon RSSI and P(region heard in 1 s) over a grid of each floor.",
        discussion:
            "Writes coverage.csv, zones.csv, coverage-floorN.svg and manifest.json into a new folder OUT/<scenario>/<time>-coverage-<pitch>m."
    )

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Scenario file.")
    var scenario: String

    @OptionGroup var grid: CoverageGridOptions

    @OptionGroup var out: ResultsFolderOption

    func run() throws {
        let pitch = try grid.pitch()
        let scenario = try ScenarioInput.load(self.scenario)
        let started = Date()
        let clock = WallClock()
        let map = try CoverageMap(scenario: scenario, resolution: pitch)
        let (directory, lines) = try CoverageReport.write(
            map, into: out.store, startedAt: started, wallSeconds: clock.seconds,
            scale: try grid.scale())
        print("\(scenario.sourcePath): coverage on a \(JSONText.number(pitch)) m grid")
        for line in lines { print("  " + line) }
        print("  → \(directory.path)/ (coverage.csv, zones.csv, coverage-floor*.svg, manifest.json)")
    }
}
