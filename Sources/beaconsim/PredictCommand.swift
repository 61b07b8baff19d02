// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import RadioCalibration
import ScenarioFormat

struct PredictCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "predict",
        abstract: "Predict mean RSSI and detection probability for survey-format points.",
        discussion:
            "POINTS.csv has columns x, y, z (may be empty), device, beacon, window_s (tx_power_dbm optional, any others "
            + "kept). The output has the same rows in the same order: the input columns plus rssi_mean (mean reported "
            + "RSSI of a window that holds a reading, dBm; empty when none can) and p_detect (probability that the "
            + "window holds at least one). Devices the scenario does not know are taken as the generic phone.")

    @Argument(help: "Scenario of the venue.")
    var scenario: String

    @Argument(help: "Points CSV.")
    var points: String

    @Option(help: "A radio fragment (e.g. beaconsim fit's radio.yaml) laid over the scenario's radio settings.")
    var radio: String?

    @Option(help: "Output CSV (must not exist).")
    var out: String

    func run() throws {
        var loaded = try ScenarioInput.load(scenario)
        if let radio {
            loaded = loaded.overlaid(with: try RadioFragment.load(path: radio, beacons: Set(loaded.beacons.map(\.name))))
        }
        let (table, rows) = try SurveyReader.read(
            path: points, beacons: Set(loaded.beacons.map(\.name)), requireRSSI: false)
        let predictor = try RowPredictor(scenario: loaded)
        let unknown = Set(rows.map(\.device)).filter { !predictor.device(named: $0).known }.sorted()
        if !unknown.isEmpty {
            Console.error(
                "note: device(s) \(unknown.joined(separator: ", ")) not known to the scenario; predicted as the generic phone")
        }
        let text = PredictionCSV.text(table: table, predictions: predictor.predict(rows: rows))
        let url = URL(fileURLWithPath: out)
        try PredictionCSV.write(text, to: url)
        print("\(points): \(rows.count) rows → \(url.path)")
    }
}
