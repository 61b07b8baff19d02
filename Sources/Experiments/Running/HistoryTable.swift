// SPDX-License-Identifier: GPL-3.0-or-later
public import ResultsCatalogue

/// `beaconsim history`: how each claim's measured value moved across catalogued runs.
public enum HistoryTable {
    /// Per kind of run (run, check, sweep, …) and claim (and sweep settings), one line per run in
    /// time order with the scenario's hash (its first 8 hex digits), the value, its 95 % interval,
    /// the samples, the verdict and the change from the previous run of the same kind and the same
    /// scenario file contents (no Δ across kinds, nor across different files sharing a `name:`:
    /// `(other scenario)` instead). `currentHash`: the hash of the scenario file given, whose rows
    /// are marked `*`.
    public static func text(scenario: String, rows: [HistoryRow], currentHash: String? = nil) -> String {
        guard !rows.isEmpty else { return "\(scenario): no runs in the catalogue\n" }
        var groups: [(key: String, rows: [HistoryRow])] = []
        for row in rows {
            let claim =
                row.measurement.settings.isEmpty
                ? row.measurement.claim : "\(row.measurement.claim)  [\(row.measurement.settings)]"
            let key = "\(row.kind): \(claim)"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].rows.append(row)
            } else {
                groups.append((key, [row]))
            }
        }
        let runs = Set(rows.map(\.runID)).count
        let hashes = Set(rows.map(\.scenarioHash).filter { !$0.isEmpty })  // a comparison records none
        var lines = [
            "\(scenario): \(runs) \(runs == 1 ? "run" : "runs") of \(hashes.count) scenario \(hashes.count == 1 ? "version" : "versions") (hash column)"
        ]
        if let currentHash {
            lines.append("* = run from the scenario file as it is now (hash \(short(currentHash)))")
        }
        for group in groups.sorted(by: { $0.key < $1.key }) {
            lines.append("")
            lines.append(group.key)
            // Keyed by hash: runs of two files can interleave (or share a second of `startedAt`).
            var previousByHash: [String: Double] = [:]
            for row in group.rows {
                let measurement = row.measurement
                let value = measurement.measured.map(format) ?? "—"
                let interval =
                    measurement.ciLow.flatMap { low in measurement.ciHigh.map { "  [\(format(low)) … \(format($0))]" } } ?? ""
                var delta = ""
                if let measured = measurement.measured {
                    if let previous = previousByHash[row.scenarioHash] {
                        delta = "  Δ \(measured - previous >= 0 ? "+" : "")\(format(measured - previous))"
                    } else if !previousByHash.isEmpty {
                        delta = "  (other scenario)"
                    }
                }
                let verdict =
                    row.interrupted
                    ? "INTERRUPTED (\(row.finished.map(String.init) ?? "?") of \(row.items.map(String.init) ?? "?") finished)"
                    : (measurement.passed ? "PASS" : "FAIL")
                let mark = currentHash == nil ? "" : (row.scenarioHash == currentHash ? "* " : "  ")
                lines.append(
                    "  \(mark)\(row.startedAt)  v\(row.toolVersion)  \(short(row.scenarioHash))  \(verdict)  "
                        + "\(value)\(interval)  n=\(measurement.samples)\(delta)  \(row.folder)")
                if let measured = measurement.measured { previousByHash[row.scenarioHash] = measured }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A scenario hash's first 8 hex digits (`sha256:` prefix dropped), or `—` when not recorded.
    static func short(_ hash: String) -> String {
        let digits = hash.hasPrefix("sha256:") ? String(hash.dropFirst(7)) : hash
        return digits.isEmpty ? "—       " : String(digits.prefix(8))
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
