// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import Reporting

/// `predict`'s output: the input table's rows in order, every input column kept, plus `rssi_mean`
/// (dBm, two decimals; empty when the window can never hold a reading) and `p_detect` (four decimals).
public enum PredictionCSV {
    public static func text(table: CSVTable, predictions: [RowPredictor.Prediction]) -> String {
        var lines = [(table.header + ["rssi_mean", "p_detect"]).map(quoted).joined(separator: ",")]
        for ((_, fields), prediction) in zip(table.rows, predictions) {
            let rssi = prediction.rssiMean.map { String(format: "%.2f", $0) } ?? ""
            lines.append((fields.map(quoted) + [rssi, String(format: "%.4f", prediction.detection)]).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes atomically; refuses to replace an existing file.
    public static func write(_ text: String, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try ResultsStore(root: directory).write(text, to: url.lastPathComponent, in: directory)
    }

    static func quoted(_ field: String) -> String {
        field.contains(",") || field.contains("\"") || field.contains("\n")
            ? "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : field
    }
}
