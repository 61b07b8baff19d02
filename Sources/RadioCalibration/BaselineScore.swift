// SPDX-License-Identifier: GPL-3.0-or-later

/// The plain log-distance baseline a calibrated model must beat: per (device, tx power), mean RSSI
/// = A + B·log10(max(d, 0.5 m)) fitted by ordinary least squares to the fitting links' observed
/// means, and detection per 2 m bin = the fitting links' rate in that bin (per device and tx
/// power; their overall rate where the bin is empty). Scored like `FitScore` on the held-out links
/// (on the fitting links without a hold-out).
public struct BaselineScore: Sendable {
    public let rmse: Double?
    public let maxDetectionError: Double?
    public let bins: [(lower: Double, detectionError: Double, windows: Int)]

    init(rows: [SurveyRow], distances: [Double], heldOut: Set<String>) {
        let empty = [RowPredictor.Prediction](
            repeating: RowPredictor.Prediction(rssiMean: nil, detection: 0, sampleSD: nil), count: rows.count)
        let fitLinks = FitScore(rows: rows, predictions: empty, distances: distances) { !heldOut.contains($0.point) }.links
        let scored =
            heldOut.isEmpty
            ? fitLinks : FitScore(rows: rows, predictions: empty, distances: distances) { heldOut.contains($0.point) }.links
        let group = { (link: FitScore.Link) in "\(link.device)|\(link.txPower ?? .nan)" }
        var lines: [String: (a: Double, b: Double)] = [:]
        var rates: [String: (detected: Int, windows: Int)] = [:]
        for (key, members) in Dictionary(grouping: fitLinks, by: group) {
            let points = members.compactMap { link in link.observedMean.map { (Self.logDistance(link.distance), $0) } }
            if let line = Self.line(points) { lines[key] = line }
            for link in members {
                for name in [key, key + "|\(Int(link.distance / 2))"] {
                    let entry = rates[name] ?? (0, 0)
                    rates[name] = (entry.detected + link.readings.count, entry.windows + link.windows)
                }
            }
        }
        var squares = 0.0, count = 0
        var bins: [Int: (observed: Int, predicted: Double, windows: Int)] = [:]
        for link in scored {
            let key = group(link)
            if let observed = link.observedMean, let line = lines[key] {
                let residual = observed - (line.a + line.b * Self.logDistance(link.distance))
                squares += residual * residual
                count += 1
            }
            let bin = Int(link.distance / 2)
            let rate = rates[key + "|\(bin)"] ?? rates[key] ?? (0, 1)
            let entry = bins[bin] ?? (0, 0, 0)
            bins[bin] = (
                entry.observed + link.readings.count,
                entry.predicted + Double(link.windows) * Double(rate.detected) / Double(max(1, rate.windows)),
                entry.windows + link.windows
            )
        }
        rmse = count > 0 ? (squares / Double(count)).squareRoot() : nil
        self.bins = bins.keys.sorted().compactMap { bin in
            guard let entry = bins[bin] else { return nil }
            let windows = Double(max(1, entry.windows))
            return (Double(bin) * 2, abs(Double(entry.observed) / windows - entry.predicted / windows), entry.windows)
        }
        maxDetectionError = self.bins.filter { $0.windows >= FitScore.minimumBinWindows }.map(\.detectionError).max()
    }

    static func logDistance(_ distance: Double) -> Double { _log10(max(distance, 0.5)) }

    /// Ordinary least squares y = a + b·x; nil with fewer than two distinct x.
    static func line(_ points: [(Double, Double)]) -> (a: Double, b: Double)? {
        guard points.count >= 2 else { return nil }
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.0 } / n, my = points.reduce(0) { $0 + $1.1 } / n
        let sxx = points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        guard sxx > 1e-12 else { return nil }
        let b = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / sxx
        return (my - b * mx, b)
    }
}
