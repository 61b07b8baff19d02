// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import RadioCalibration
import RadioPropagation
import ScenarioFormat
import Stochastics

/// A survey drawn from the model itself with known parameters, so a fit must recover them: a
/// 20 × 12 m room with one brick partition, four beacons at −12 dBm, 48 points on a grid, two
/// devices (one reading 18 dB higher but hearing only 3 dB farther, with a 0.5 scan ceiling and a
/// duty-cycled scan),
/// beacon b3 reported in only 70 % of the slots in which it is received, 20 one-second windows per
/// point, device and beacon (one session per point, `sample` 1…20, `t_s` 0…19). Each point and beacon gets one shadowing
/// draw N(0, σ); each window is detected with the model's probability at that shadowing, and a
/// reading is the model's conditional mean plus N(0, 3.27 dB): the spread of one reading that the
/// preset's fading (Rician K = 7 dB, 2.9 dB) and the 1.5 dB measurement noise give.
enum SyntheticSurvey {
    static let venueText = """
        schemaVersion: 1
        duration: 1m
        venue:
          size: [20, 12]
          environment: explicitWalls
          walls:
            - { from: [10, 0], to: [10, 12], material: brick }
        radio: { bodyLoss: off, breakpointDistance: 0 }
        beacons:
          - { name: b1, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }, position: [2, 2], txPower: -12, interval: 200ms }
          - { name: b2, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 2 }, position: [18, 2], txPower: -12, interval: 200ms }
          - { name: b3, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 3 }, position: [2, 10], txPower: -12, interval: 200ms }
          - { name: b4, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 4 }, position: [18, 10], txPower: -12, interval: 200ms }
        phones:
          - name: surveyor
            carry: hand
            app: { regions: [{ name: all, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }] }
            path: [{ position: [5, 5] }]
        """

    /// The truth: 1 m level +3 dB, n = 2.3, brick 9 dB, σ 3 dB; devices `loud` (+18 dB, −98 dBm,
    /// ceiling 0.5, a duty-cycled scan taking 1.5 packets per slot) and `quiet` (0 dB, −95 dBm,
    /// ceiling 0.95, a continuous scan); report share of b3 0.7, the others 1.
    static let truth = RadioFragment(
        radio: {
            var radio = RadioSpec(pathLossExponent: 2.3, shadowingSigma: 3)
            radio.measuredPowerOffset = 3
            radio.materials = ["brick": 9]
            return radio
        }(),
        devices: [
            "loud": DeviceSpec(reportingOffset: 18, sensitivity: -98, scanCeiling: 0.5, packetsPerSlot: 1.5),
            "quiet": DeviceSpec(reportingOffset: 0, sensitivity: -95, scanCeiling: 0.95),
        ],
        reportShares: ["b3": 0.7])

    static func scenario() throws -> Scenario { try ScenarioLoader.parse(text: venueText, path: "synthetic.yaml") }

    /// The rows, drawn from `seed`, from `truth` (default: the one above), in `sessions` sessions
    /// of `windows` windows per point (`sample` 1…windows each; a session's first window is drawn
    /// with the devices' scan start-up, `DeviceSpec.startupDeadTime`).
    static func rows(seed: UInt64 = 7, truth: RadioFragment = truth, sessions: Int = 1, windows: Int = 20) throws
        -> [SurveyRow]
    {
        let venue = try scenario()
        let random = RandomStream(seed: seed, replication: 0, label: "synthetic-survey")
        var rows: [SurveyRow] = []
        // One predictor without shadowing; a point's shadowing draw enters as a tx power moved by
        // the draw (the measured power moves dB for dB with it).
        var fixed = truth
        fixed.radio.shadowingSigma = 0.01
        let predictor = try RowPredictor(scenario: venue.overlaid(with: fixed))
        for ix in 0..<8 {
            for iy in 0..<6 {
                let x = 1.25 + 2.5 * Double(ix), y = 1 + 2 * Double(iy)
                for beacon in venue.beacons {
                    let shadow = random.normal(sd: 3)
                    for device in ["loud", "quiet"] {
                        var shadowed = SurveyRow(
                            point: "p\(ix)-\(iy)", session: "p\(ix)-\(iy)", windowSeconds: 1, x: x, y: y, device: device,
                            txPower: -12 + shadow,
                            beacon: beacon.name, rssi: nil)
                        shadowed.sample = 2
                        let prediction = predictor.predict(shadowed)
                        shadowed.sample = 1
                        let opening = predictor.predict(shadowed)
                        shadowed.txPower = -12
                        for session in 0..<sessions {
                            for sample in 1...windows {
                                var row = shadowed
                                if sessions > 1 { row.session += "-s\(session)" }
                                row.sample = sample
                                row.time = Double(sample - 1)
                                let window = sample == 1 ? opening : prediction
                                if random.uniform() < window.detection, let mean = window.rssiMean {
                                    row.rssi = (mean + random.normal(sd: 3.27)).rounded()
                                }
                                rows.append(row)
                            }
                        }
                    }
                }
            }
        }
        return rows
    }
}
