// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// One (point, device, tx power, beacon) of a survey: what was observed there over all its windows
/// and the geometry the model needs (independent of the fitted numbers).
struct SurveyLink {
    var point: String
    var device: String
    var txPower: Double?
    /// Index into the scenario's beacons.
    var beacon: Int
    /// Mean position of the rows, and the plan distance to the beacon, metres.
    var position: PlanPoint
    var distance: Double
    /// Mean height of the receiver above the floor, metres; nil when a row does not say.
    var height: Double?
    var windows: Int
    var windowSeconds: Double
    /// The detected readings, dBm.
    var readings: [Double]
    /// Windows, and windows with a reading, of the sessions that count for detection
    /// (`DetectionSessions`).
    var detectionWindows: Int
    var detectionReadings: Int
    /// Of those, the windows that open their session (`SurveyRow.startsScan`), and those with a reading.
    var startupWindows = 0
    var startupReadings = 0
    /// The beacon's measured power at 1 m for this tx power, dBm (reference scale).
    var measuredPower: Double
    var intervalSeconds: Double
    /// Crossings of walls of each fitted material (`SurveyData.materials` order).
    var crossings: [Int]
    /// Wall loss of walls whose material is not fitted, dB.
    var fixedWallLoss: Double
    /// The carrier's body loss averaged over the eight compass headings, dB.
    var bodyLoss: Double
    /// The survey rows (indices) of this link.
    var rows: [Int]

    var detected: Int { readings.count }
    /// The observed detection rate (nil when no session of the link counts for detection).
    var detectionRate: Double? {
        detectionWindows > 0 ? Double(detectionReadings) / Double(detectionWindows) : nil
    }
    var observedMean: Double? { readings.isEmpty ? nil : readings.reduce(0, +) / Double(readings.count) }

    /// Standard deviation of the readings (n − 1), nil below two.
    var observedSD: Double? {
        guard readings.count >= 2, let mean = observedMean else { return nil }
        let squares = readings.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        return (squares / Double(readings.count - 1)).squareRoot()
    }

    var lineOfSight: Bool { fixedWallLoss == 0 && crossings.allSatisfy { $0 == 0 } }

    /// The detection windows and readings the steady-state residual counts: all of them, or with
    /// `splitStartup` (the device's start-up is fitted) those that do not open a session.
    func steady(splitStartup: Bool) -> (windows: Int, readings: Int) {
        splitStartup
            ? (detectionWindows - startupWindows, detectionReadings - startupReadings)
            : (detectionWindows, detectionReadings)
    }
}
