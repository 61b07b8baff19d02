// SPDX-License-Identifier: GPL-3.0-or-later
import RadioCalibration
import ScenarioFormat
import Testing

/// `beaconsim fit` estimates a device's scan start-up (`startupDeadTime`) from the windows that
/// open a session instead of folding it into the scan ceiling.
@Suite("Radio fit: scan start-up")
struct StartupFitTests {
    /// The synthetic survey's truth with the duty-cycled `loud` device starting up for 0.8 s of each
    /// session's first 1 s window (it keeps 0.2 of it: 0.3 of a packet against 1.5 in the others).
    static let truth: RadioFragment = {
        var truth = SyntheticSurvey.truth
        truth.devices["loud"]?.startupDeadTime = 0.8
        return truth
    }()

    /// Four sessions of five windows per point: 768 first windows per device (48 points × 4 beacons
    /// × 4), of which `loud` reports about a tenth (ceiling 0.5 × 0.3 of a packet × the radio): the
    /// binomial SE of that rate is ≈ 0.011, 11 % of it. What those windows identify is the live part's
    /// packets, k·(1 − d / 1 s) = 0.3 (±11 %, 0.033: 0.07 is about two of them); the dead time itself
    /// trades off against the packets per slot k, which the steady windows pin only loosely (1.5 ± 0.6
    /// in the main recovery test), so it is held to three of its own reported standard errors, which
    /// must be of the size the rate's error gives (0.02–0.1 s). The steady-state ceiling is known to
    /// ≈ 0.02 (3072 later windows per device); 0.05 as in the main recovery test.
    @Test("recovers a known start-up from a survey drawn from the model, the ceiling not folded in")
    func recovery() throws {
        let scenario = try SyntheticSurvey.scenario()
        let rows = try SyntheticSurvey.rows(seed: 7, truth: Self.truth, sessions: 4, windows: 5)
        let fit = try RadioFitter.fit(scenario: scenario, rows: rows)
        let loud = try #require(fit.fragment.devices["loud"])
        let dead = try #require(loud.startupDeadTime)
        let packets = loud.packetsPerSlot ?? .infinity
        #expect(abs(packets * (1 - dead) - 0.3) < 0.07)
        let estimate = try #require(fit.estimates.first { $0.name == "devices.loud.startupDeadTime" })
        let error = try #require(estimate.standardError)
        #expect(error > 0.02 && error < 0.1)
        #expect(abs(dead - 0.8) < 3 * error)
        #expect(abs((loud.scanCeiling ?? 0) - 0.5) < 0.05)
        #expect(abs((fit.fragment.devices["quiet"]?.scanCeiling ?? 0) - 0.95) < 0.05)

        // Without session starts (no `sample`), the first windows are folded into the ceiling: it
        // comes out lower by about a fifth of the start-up's loss (0.5 × 0.8 × 1/5 = 0.08).
        let unsorted = rows.map { row -> SurveyRow in
            var row = row
            row.sample = 0
            return row
        }
        let folded = try RadioFitter.fit(scenario: scenario, rows: unsorted)
        #expect(folded.fragment.devices["loud"]?.startupDeadTime == nil)
        #expect((folded.fragment.devices["loud"]?.scanCeiling ?? 1) < (loud.scanCeiling ?? 0) - 0.04)
    }

    @Test("too few first windows: no start-up is fitted, and fit.json says why")
    func tooFew() throws {
        let fit = try RadioFitter.fit(scenario: try SyntheticSurvey.scenario(), rows: try SyntheticSurvey.rows())
        #expect(fit.fragment.devices.values.allSatisfy { $0.startupDeadTime == nil })
        let note = try #require(fit.estimates.first { $0.name == "devices.loud.startupDeadTime" }?.note)
        #expect(note.contains("fewer than 200"))
    }
}
