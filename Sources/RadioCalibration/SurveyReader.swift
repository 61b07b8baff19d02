// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Reporting
internal import ScenarioFormat

/// Reads survey files (`survey.csv`, shared format) and `predict` points files into rows, checking
/// every field; all problems are reported at once as `CalibrationError` (`file:line: error: …`).
public enum SurveyReader {
    /// Columns a survey must have (`session`, `sample`, `t_s` and `tx_power_dbm` are optional).
    public static let surveyColumns = ["point", "window_s", "x", "y", "z", "device", "beacon", "rssi"]
    /// Columns a `predict` points file must have (any others are kept and copied to the output).
    public static let pointColumns = ["x", "y", "z", "device", "beacon", "window_s"]

    /// The largest survey or points file read, in bytes: 256 MiB, about four million rows (a
    /// limit of this program, not of the format; a site survey has thousands).
    public static let maximumFileBytes = 256 << 20

    /// Reads the file at `path`. `beacons`: the names the venue knows (every row's beacon must be
    /// one). `requireRSSI`: a survey (true) or a points file (false, no `point` or `rssi` needed).
    public static func read(path: String, beacons: Set<String>, requireRSSI: Bool = true) throws -> (
        table: CSVTable, rows: [SurveyRow]
    ) {
        let data: [UInt8]
        switch RegularFile.bytes(path, limit: maximumFileBytes, what: "survey files") {
        case .success(let bytes): data = bytes
        case .failure(let refusal):
            throw CalibrationError(path: path, problems: [(1, "cannot read the file: \(refusal.reason)")], cause: refusal)
        }
        guard let text = String(bytes: data, encoding: .utf8) else {
            throw CalibrationError(path: path, problems: [(1, "the file is not valid UTF-8 text")])
        }
        return try parse(text: text, path: path, beacons: beacons, requireRSSI: requireRSSI)
    }

    public static func parse(text: String, path: String, beacons: Set<String>, requireRSSI: Bool = true) throws -> (
        table: CSVTable, rows: [SurveyRow]
    ) {
        let table = try CSVTable(text: text, path: path)
        let (index, missing) = table.columns(requireRSSI ? surveyColumns : pointColumns)
        guard missing.isEmpty else {
            throw CalibrationError(
                path: path,
                problems: [
                    (
                        1,
                        "missing column" + (missing.count > 1 ? "s " : " ") + missing.map { "'\($0)'" }.joined(separator: ", ")
                            + "; the header is: " + table.header.joined(separator: ",")
                    )
                ])
        }
        var problems: [(line: Int, message: String)] = []
        var rows: [SurveyRow] = []
        let known = beacons.sorted()
        for (line, fields) in table.rows {
            guard fields.count == table.header.count else {
                problems.append((line, "expected \(table.header.count) fields, found \(fields.count)"))
                continue
            }
            var field = FieldReader(fields: fields, index: index, line: line)
            let windowSeconds = field.number("window_s", in: 0.001...3600)
            let x = field.number("x", in: -1e6...1e6)
            let y = field.number("y", in: -1e6...1e6)
            let z = field.optionalNumber("z", in: -100...1000)
            let tx = field.optionalNumber("tx_power_dbm", in: -100...30)
            let time = requireRSSI ? field.optionalNumber("t_s", in: -1e9...1e9) : nil
            let rssi = requireRSSI ? field.optionalNumber("rssi", in: -130...20) : nil
            let device = field.text("device")
            let beacon = field.text("beacon")
            let point = requireRSSI ? field.text("point") : (index["point"].map { fields[$0] } ?? "")
            if let beacon, !beacons.isEmpty, !beacons.contains(beacon) {
                let shown = known.count <= 8 ? known.joined(separator: ", ") : known.prefix(8).joined(separator: ", ") + ", …"
                field.problems.append((line, "unknown beacon '\(beacon)'; the venue has: \(shown)"))
            }
            problems += field.problems
            guard field.problems.isEmpty, let windowSeconds, let x, let y, let device, let beacon, let point else { continue }
            rows.append(
                SurveyRow(
                    point: point, session: index["session"].map { fields[$0] } ?? "",
                    sample: index["sample"].flatMap { Int(fields[$0]) } ?? 0, time: time ?? nil, windowSeconds: windowSeconds,
                    x: x, y: y,
                    z: z ?? nil, device: device, txPower: tx ?? nil, beacon: beacon, rssi: rssi ?? nil, line: line))
        }
        if table.rows.isEmpty { problems.append((1, "no data rows after the header")) }
        guard problems.isEmpty else { throw CalibrationError(path: path, problems: problems) }
        return (table, rows)
    }

    /// Reads one row's fields by column name, collecting problems.
    private struct FieldReader {
        let fields: [String]
        let index: [String: Int]
        let line: Int
        var problems: [(line: Int, message: String)] = []

        init(fields: [String], index: [String: Int], line: Int) {
            self.fields = fields
            self.index = index
            self.line = line
        }

        func raw(_ name: String) -> String? { index[name].map { Self.trimmed(fields[$0]) } }

        /// `field` without leading and trailing whitespace; most fields have none, and the check of
        /// their first and last byte is much cheaper than Foundation's trimming of every field.
        static func trimmed(_ field: String) -> String {
            let utf8 = field.utf8
            guard let first = utf8.first, let last = utf8.last else { return field }
            func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
            return plain(first) && plain(last) ? field : field.trimmingCharacters(in: .whitespaces)
        }

        mutating func text(_ name: String) -> String? {
            guard let value = raw(name), !value.isEmpty else {
                problems.append((line, "'\(name)' is empty"))
                return nil
            }
            return value
        }

        mutating func number(_ name: String, in range: ClosedRange<Double>) -> Double? {
            guard let value = raw(name), !value.isEmpty else {
                problems.append((line, "'\(name)' is empty; expected a number"))
                return nil
            }
            return checked(name, value, range)
        }

        /// nil for a missing column, .some(nil) for an empty field.
        mutating func optionalNumber(_ name: String, in range: ClosedRange<Double>) -> Double?? {
            guard let value = raw(name) else { return nil }
            if value.isEmpty { return .some(nil) }
            return .some(checked(name, value, range))
        }

        private mutating func checked(_ name: String, _ text: String, _ range: ClosedRange<Double>) -> Double? {
            guard let number = Double(text), number.isFinite else {
                problems.append((line, "'\(name)' must be a number, found '\(text)'"))
                return nil
            }
            guard range.contains(number) else {
                problems.append((line, "'\(name)' = \(text) is outside \(range.lowerBound) … \(range.upperBound)"))
                return nil
            }
            return number
        }
    }
}
