// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import RadioCalibration
import RadioPropagation
import ScenarioFormat
import Testing

@Suite("Radio fit")
struct RadioFitTests {
    /// The survey has 48 points × 4 beacons × 2 devices; each link mean carries σ = 3 dB shadowing.
    /// The level and the exponent trade off over the 1–17 m lever arm (10·log10 d spans 12 dB), so
    /// an exponent error of 0.1 moves the level by about 1 dB. Over five draws of the survey (seeds
    /// 7–11) the level came out 18.9–22.5 dB (SD 1.4) and the exponent 2.13–2.58 (SD 0.18; the
    /// reported standard error, 0.07, is smaller because each shadowing draw is shared by the two
    /// devices' links): the level's and the exponent's tolerances are about two of those SDs, the
    /// others about two of their standard errors (the test also checks that the exponent's
    /// standard error is of its size).
    @Test("recovers the parameters of a survey drawn from the model, devices kept apart")
    func recovery() throws {
        let scenario = try SyntheticSurvey.scenario()
        let fit = try RadioFitter.fit(scenario: scenario, rows: try SyntheticSurvey.rows())
        let radio = fit.fragment.radio
        // Neither device is built in, so `loud` (first by name) anchors at 0 dB and the level
        // carries its +18 dB: level + offset is what is identifiable.
        let loud = try #require(fit.fragment.devices["loud"]), quiet = try #require(fit.fragment.devices["quiet"])
        let level = try #require(radio.measuredPowerOffset)
        #expect(loud.reportingOffset == 0)
        #expect(abs(level - (3 + 18)) < 3)
        #expect(abs(level + (quiet.reportingOffset ?? 99) - 3) < 3)
        #expect(abs((radio.pathLossExponent ?? 0) - 2.3) < 0.4)
        #expect(abs((radio.materials["brick"] ?? 0) - 9) < 2.5)
        #expect(abs((radio.shadowingSigma ?? 0) - 3) < 1)
        // Sensitivities on the fit's scale (level included): 18 dB apart in the reports, 3 dB in hearing.
        let gap = (quiet.sensitivity ?? 0) - (loud.sensitivity ?? 0)
        #expect(abs(gap - 3) < 2)
        #expect(abs((loud.scanCeiling ?? 0) - 0.5) < 0.05)
        #expect(abs((quiet.scanCeiling ?? 0) - 0.95) < 0.05)
        // The duty-cycled scan is found (its detection falls over the fading range), the
        // continuous one is not limited.
        #expect(abs((loud.packetsPerSlot ?? 99) - 1.5) < 0.6)
        #expect(quiet.packetsPerSlot == nil)
        // b3's share, relative to a reference beacon at 1: about 1900 windows per beacon, binomial
        // SE ≈ 0.015 on a rate, 0.06 is three to four of them.
        #expect(abs((fit.fragment.reportShares["b3"] ?? 1) - 0.7) < 0.06)
        for beacon in ["b1", "b2", "b4"] { #expect((fit.fragment.reportShares[beacon] ?? 1) > 0.92) }
        let share = try #require(fit.estimates.first { $0.name == "reportShares.b3" })
        #expect((share.standardError ?? 0) > 0.002 && (share.standardError ?? 1) < 0.05)
        #expect(fit.estimates.filter { $0.name.hasPrefix("reportShares.") && $0.value == 1 }.count == 1)
        let exponentError = try #require(fit.estimates.first { $0.name == "pathLossExponent" }?.standardError)
        #expect(exponentError > 0.01 && exponentError < 0.3)
    }

    @Test("a 50/50 hold-out splits by point, is seeded, and is scored beside the baseline")
    func holdOut() throws {
        let scenario = try SyntheticSurvey.scenario()
        let rows = try SyntheticSurvey.rows()
        let options = RadioFitter.Options(holdoutFraction: 0.5, seed: 3)
        let first = try RadioFitter.fit(scenario: scenario, rows: rows, options: options)
        let again = try RadioFitter.fit(scenario: scenario, rows: rows, options: options)
        #expect(first.heldOutPoints.count == 24)
        #expect(first.heldOutPoints.isDisjoint(with: first.fitPoints))
        #expect(first.heldOutPoints == again.heldOutPoints)
        #expect(first.fragment == again.fragment)
        let held = try #require(first.heldOutScore)
        // The model has the wall the baseline lacks: it must do better on unseen points.
        #expect(try #require(held.rmse) < (first.baseline.rmse ?? 0))
        // A bin holds about 20 held-out links; near the threshold a link's detection rate varies
        // with its shadowing draw by up to ≈ 0.25 (σ 3 dB over a ≈ 6 dB transition), so a bin's
        // rate has SD ≈ 0.25/√20 ≈ 0.056: three of them.
        #expect(try #require(held.maxDetectionError) < 0.17)
    }

    @Test("sessions that dropped their empty windows count for RSSI only, and do not bias the ceilings")
    func droppedWindows() throws {
        let scenario = try SyntheticSurvey.scenario()
        // Three columns of points (18 of 48) lose their windows without a reading from the file (as
        // a source that keeps only windows with a reading would): their sessions "never miss".
        let rows = try SyntheticSurvey.rows().filter { row in
            row.rssi != nil || !["p0", "p3", "p6"].contains(where: { row.point.hasPrefix($0) })
        }
        let fit = try RadioFitter.fit(scenario: scenario, rows: rows)
        let excluded = Set(fit.detectionSessions.excluded.map(\.session))
        #expect(!excluded.isEmpty && excluded.allSatisfy { ["p0", "p3", "p6"].contains(String($0.prefix(2))) })
        // Without the rule, loud's ceiling (0.5) would read as ≈ 0.69 (3/8 of its windows never miss).
        #expect(abs((fit.fragment.devices["loud"]?.scanCeiling ?? 0) - 0.5) < 0.06)
        // Their readings still count for RSSI; their windows not for detection.
        let windows = fit.fitScore.links.filter { excluded.contains($0.point) }
        #expect(!windows.isEmpty && windows.allSatisfy { $0.detectionWindows == 0 && !$0.readings.isEmpty })
        #expect(fit.fitScore.rmse != nil)
    }
}
