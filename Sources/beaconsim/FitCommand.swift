// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import RadioCalibration
import ScenarioFormat

struct FitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "Fit a venue's radio parameters to a site survey; write radio.yaml, fit.json and fit.html.",
        discussion:
            "VENUE is a scenario of the surveyed venue; SURVEY a survey.csv in the shared format (docs/radio-model.md, "
            + "\"Fitting a venue\"). radio.yaml is a fragment any scenario can import (imports: [DIR/radio.yaml]).")

    @Argument(help: "Scenario of the venue (walls, materials, beacons, the surveyor's phone).")
    var venue: String

    @Argument(help: "Survey CSV (point, window_s, x, y, z, device, beacon, rssi; tx_power_dbm optional).")
    var survey: String

    @Option(help: "Output folder (created; must not exist or be empty).")
    var out: String

    @Option(parsing: .unconditional, help: "Share of the survey points kept out of the fit for validation, 0 … 0.9.")
    var holdoutFraction: Double = 0

    @Option(parsing: .unconditional, help: "Seed of the hold-out split.")
    var seed: UInt64 = 1

    func validate() throws {
        guard (0...0.9).contains(holdoutFraction) else { throw ValidationError("--holdout-fraction must lie in 0 … 0.9") }
    }

    func run() throws {
        let scenario = try ScenarioInput.load(venue)
        let rows = try SurveyReader.read(path: survey, beacons: Set(scenario.beacons.map(\.name))).rows
        let options = RadioFitter.Options(holdoutFraction: holdoutFraction, seed: seed)
        let fit = try RadioFitter.fit(scenario: scenario, rows: rows, options: options)
        let directory = URL(fileURLWithPath: out, isDirectory: true)
        try FitOutput.write(fit, survey: survey, venue: venue, options: options, into: directory)
        let format = { (value: Double?) in value.map { String(format: "%.2f", $0) } ?? "–" }
        print("\(venue) + \(survey): \(fit.fitPoints.count) fitting points, \(fit.heldOutPoints.count) held out")
        print(
            "  RMSE of mean RSSI: fit \(format(fit.fitScore.rmse)) dB, held out \(format(fit.heldOutScore?.rmse)) dB, "
                + "log-distance baseline \(format(fit.baseline.rmse)) dB")
        print(
            "  largest detection error per 2 m bin: fit \(format(fit.fitScore.maxDetectionError)), held out "
                + "\(format(fit.heldOutScore?.maxDetectionError)), baseline \(format(fit.baseline.maxDetectionError))")
        print("  → \(directory.path)/ (radio.yaml, fit.json, fit.html)")
    }
}
