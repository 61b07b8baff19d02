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

    @Option(help: "Grid pitch, e.g. 0.25m or 1 (metres).")
    var resolution: String = "0.5m"

    @Option(help: "Colour scale of the maps, LOW..HIGH in dBm, e.g. -100..-40 (default: fitted to the map).")
    var rssiScale: String?

    @Option(help: "Results folder: the map goes to a new folder OUT/<scenario>/<time>-coverage-<pitch>m.")
    var out: String = "Results"

    /// `--rssi-scale LOW..HIGH`, nil when absent.
    func scale() throws -> CoverageSVG.Scale? {
        guard let rssiScale else { return nil }
        let parts = rssiScale.components(separatedBy: "..").map { Double($0.replacingOccurrences(of: "dBm", with: "")) }
        guard parts.count == 2, let low = parts[0], let high = parts[1], low < high else {
            throw ValidationError("--rssi-scale expects LOW..HIGH in dBm with LOW < HIGH, e.g. -100..-40; found '\(rssiScale)'")
        }
        return (low, high)
    }

    func run() throws {
        let text = resolution.hasSuffix("m") ? String(resolution.dropLast()) : resolution
        guard let pitch = Double(text), pitch.isFinite, pitch > 0 else {
            throw ValidationError("--resolution must be a finite length > 0, e.g. 1m")
        }
        let scenario = try ScenarioInput.load(self.scenario)
        let started = Date()
        let clock = WallClock()
        let map = try CoverageMap(scenario: scenario, resolution: pitch)
        let (directory, lines) = try CoverageReport.write(
            map, into: ResultsStore(root: URL(fileURLWithPath: out)), startedAt: started, wallSeconds: clock.seconds,
            scale: try scale())
        print("\(scenario.sourcePath): coverage on a \(text) m grid")
        for line in lines { print("  " + line) }
        print("  → \(directory.path)/ (coverage.csv, zones.csv, coverage-floor*.svg, manifest.json)")
    }
}
