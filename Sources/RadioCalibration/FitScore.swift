// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// How well predictions match a set of survey rows, as fit.json reports it (and as
/// `scripts/score-predictions.py` recomputes it from `predict`'s output):
///
/// - rows are grouped into links (point, device, tx power, beacon); a link's observed mean RSSI is
///   the mean of its readings, its predicted mean the mean of its rows' `rssi_mean`;
/// - **RMSE of mean RSSI** over the links with at least one reading;
/// - per 2 m bin of the link's distance (the mean of its rows' plan distances to the beacon):
///   windows, observed detection rate (readings / windows), predicted rate (mean `p_detect`), their
///   absolute difference (the **detection error**), the RMSE of mean RSSI, and the single-sample σ
///   observed (RMS of readings about their link's predicted mean) and predicted (the model's spread
///   of single readings, shadowing included).
public struct FitScore: Sendable {
    public struct Link: Sendable {
        public var point: String
        public var device: String
        public var txPower: Double?
        public var beacon: String
        public var x: Double
        public var y: Double
        public var distance: Double
        public var windows: Int
        public var readings: [Double]
        public var predictedMean: Double?
        public var predictedDetections: Double
        public var predictedSD: Double?

        public var observedMean: Double? { readings.isEmpty ? nil : readings.reduce(0, +) / Double(readings.count) }
        public var residual: Double? { observedMean.flatMap { observed in predictedMean.map { observed - $0 } } }
    }

    public struct Bin: Sendable {
        /// Lower edge, metres (the bin is [lower, lower + 2)).
        public var lower: Double
        public var links: Int
        public var windows: Int
        public var observedDetection: Double
        public var predictedDetection: Double
        public var detectionError: Double { abs(observedDetection - predictedDetection) }
        public var rmse: Double?
        public var observedSampleSD: Double?
        public var predictedSampleSD: Double?
    }

    public let links: [Link]
    public let rmse: Double?
    public let bins: [Bin]
    /// Bins with at least this many windows count towards `maxDetectionError`.
    public static let minimumBinWindows = 100

    /// The largest detection error over bins with at least `minimumBinWindows` windows.
    public var maxDetectionError: Double? {
        bins.filter { $0.windows >= Self.minimumBinWindows }.map(\.detectionError).max()
    }

    /// RMSE of mean RSSI per (device, tx power).
    public var rmseByGroup: [(device: String, txPower: Double?, rmse: Double, links: Int)] {
        let grouped = Dictionary(grouping: links.filter { $0.residual != nil }) { "\($0.device)|\($0.txPower ?? .nan)" }
        return grouped.values.compactMap { members in
            guard let first = members.first else { return nil }
            let squares = members.reduce(0.0) { $0 + ($1.residual ?? 0) * ($1.residual ?? 0) }
            return (first.device, first.txPower, (squares / Double(members.count)).squareRoot(), members.count)
        }.sorted { ($0.device, $0.txPower ?? 0) < ($1.device, $1.txPower ?? 0) }
    }

    init(
        rows: [SurveyRow], predictions: [RowPredictor.Prediction], distances: [Double], include: (SurveyRow) -> Bool
    ) {
        var order: [String] = []
        var byKey: [String: Link] = [:]
        var rssiSums: [String: (sum: Double, count: Int)] = [:]
        var sdSums: [String: (sum: Double, count: Int)] = [:]
        for (index, row) in rows.enumerated() where include(row) && index < predictions.count {
            let key = Self.key(row)
            if byKey[key] == nil {
                order.append(key)
                byKey[key] = Link(
                    point: row.point, device: row.device, txPower: row.txPower, beacon: row.beacon, x: 0, y: 0, distance: 0,
                    windows: 0, readings: [], predictedMean: nil, predictedDetections: 0, predictedSD: nil)
            }
            let prediction = predictions[index]
            guard var link = byKey.removeValue(forKey: key) else { continue }
            link.windows += 1
            link.x += row.x
            link.y += row.y
            link.distance += distances[index]
            link.predictedDetections += prediction.detection
            if let rssi = row.rssi { link.readings.append(rssi) }
            byKey[key] = link
            if let mean = prediction.rssiMean {
                let entry = rssiSums[key] ?? (0, 0)
                rssiSums[key] = (entry.sum + mean, entry.count + 1)
            }
            if let sd = prediction.sampleSD {
                let entry = sdSums[key] ?? (0, 0)
                sdSums[key] = (entry.sum + sd, entry.count + 1)
            }
        }
        links = order.compactMap { key in
            guard var link = byKey[key] else { return nil }
            let count = Double(link.windows)
            link.x /= count
            link.y /= count
            link.distance /= count
            link.predictedMean = rssiSums[key].map { $0.sum / Double($0.count) }
            link.predictedSD = sdSums[key].map { $0.sum / Double($0.count) }
            return link
        }
        rmse = Self.rmse(links)
        let grouped = Dictionary(grouping: links) { Int(($0.distance / 2).rounded(.down)) }
        bins = grouped.keys.sorted().compactMap { bin in
            guard let members = grouped[bin] else { return nil }
            let windows = members.reduce(0) { $0 + $1.windows }
            let readings = members.reduce(0) { $0 + $1.readings.count }
            let predicted = members.reduce(0.0) { $0 + $1.predictedDetections }
            var squares = 0.0, count = 0, sdSum = 0.0, sdCount = 0
            for link in members {
                guard let mean = link.predictedMean else { continue }
                for reading in link.readings {
                    squares += (reading - mean) * (reading - mean)
                    count += 1
                }
                if let sd = link.predictedSD, !link.readings.isEmpty {
                    sdSum += sd
                    sdCount += 1
                }
            }
            return Bin(
                lower: Double(bin) * 2, links: members.count, windows: windows,
                observedDetection: Double(readings) / Double(max(1, windows)),
                predictedDetection: predicted / Double(max(1, windows)), rmse: Self.rmse(members),
                observedSampleSD: count > 0 ? (squares / Double(count)).squareRoot() : nil,
                predictedSampleSD: sdCount > 0 ? sdSum / Double(sdCount) : nil)
        }
    }

    /// The link a row belongs to: (point, device, tx power, beacon).
    static func key(_ row: SurveyRow) -> String {
        [row.point, row.device, row.txPower.map { "\($0)" } ?? "", row.beacon].joined(separator: "\u{1F}")
    }

    static func rmse(_ links: [Link]) -> Double? {
        let residuals = links.compactMap(\.residual)
        guard !residuals.isEmpty else { return nil }
        return (residuals.reduce(0) { $0 + $1 * $1 } / Double(residuals.count)).squareRoot()
    }

    /// Each row's plan distance to its beacon, metres (0 for an unknown beacon).
    static func distances(rows: [SurveyRow], scenario: Scenario) -> [Double] {
        let positions = Dictionary(scenario.beacons.map { ($0.name, $0.position) }, uniquingKeysWith: { a, _ in a })
        return rows.map { row in
            guard let position = positions[row.beacon] else { return 0 }
            let dx = row.x - position.x, dy = row.y - position.y
            return (dx * dx + dy * dy).squareRoot()
        }
    }
}
