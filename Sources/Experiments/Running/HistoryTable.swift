// SPDX-License-Identifier: GPL-3.0-or-later
public import ResultsCatalogue

/// `beaconsim history`: how each claim's measured value moved across catalogued runs.
public enum HistoryTable {
    /// Per claim (and sweep settings), one line per run in time order with the value, its 95 %
    /// interval, the samples, the verdict and the change from the previous run.
    public static func text(scenario: String, rows: [HistoryRow]) -> String {
        guard !rows.isEmpty else { return "\(scenario): no runs in the catalogue\n" }
        var groups: [(key: String, rows: [HistoryRow])] = []
        for row in rows {
            let key =
                row.measurement.settings.isEmpty
                ? row.measurement.claim : "\(row.measurement.claim)  [\(row.measurement.settings)]"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].rows.append(row)
            } else {
                groups.append((key, [row]))
            }
        }
        var lines = ["\(scenario): \(Set(rows.map(\.runID)).count) runs"]
        for group in groups.sorted(by: { $0.key < $1.key }) {
            lines.append("")
            lines.append(group.key)
            var previous: Double?
            for row in group.rows {
                let measurement = row.measurement
                let value = measurement.measured.map(format) ?? "—"
                let interval =
                    measurement.ciLow.flatMap { low in measurement.ciHigh.map { "  [\(format(low)) … \(format($0))]" } } ?? ""
                let delta = zip(previous, measurement.measured).map { "  Δ \($1 - $0 >= 0 ? "+" : "")\(format($1 - $0))" } ?? ""
                let verdict =
                    row.interrupted
                    ? "INTERRUPTED (\(row.finished.map(String.init) ?? "?") of \(row.items.map(String.init) ?? "?") finished)"
                    : (measurement.passed ? "PASS" : "FAIL")
                lines.append(
                    "  \(row.startedAt)  v\(row.toolVersion)  \(row.kind.padding(12))  \(verdict)  "
                        + "\(value)\(interval)  n=\(measurement.samples)\(delta)  \(row.folder)")
                previous = measurement.measured ?? previous
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "\(rounded)"
    }
}

private func zip(_ a: Double?, _ b: Double?) -> (Double, Double)? {
    guard let a, let b else { return nil }
    return (a, b)
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
