// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

@Suite("Values and conditions")
struct ValueTests {
    @Test(
        "conditions parse to comparison and bounds in the metric's unit",
        arguments: [
            (
                "<= 60s", ClaimStatistic.p95, ClaimMetric.exitLatencyFromZone, ClaimCondition.Comparison.lessOrEqual,
                60.0, nil as Double?
            ),
            ("< 1.5s", .mean, .entryLatencyFromZone, .less, 1.5, nil),
            (">= 100ms", .min, .rangingInterval, .greaterOrEqual, 0.1, nil),
            ("> -2s", .p50, .entryLatencyFromZone, .greater, -2, nil), ("== 0", .max, .falseExits, .equal, 0, nil),
            ("20s..50s", .mean, .exitLatencyFromZone, .within, 20, 50), ("1..3", .mean, .entries, .within, 1, 3),
            ("  <=0.05 ", .rate, .missedExits, .lessOrEqual, 0.05, nil),
            (">= 10", .count, .exitLatencyFromZone, .greaterOrEqual, 10, nil),
        ])
    func conditions(
        text: String, statistic: ClaimStatistic, metric: ClaimMetric, comparison: ClaimCondition.Comparison,
        bound: Double,
        upper: Double?
    ) throws {
        let condition = try ConditionParser.parse(text, statistic: statistic, metric: metric).get()
        #expect(condition.comparison == comparison && condition.bound == bound && condition.upperBound == upper)
        #expect(condition.text == text.trimmingSpaces)
    }

    @Test(
        "bad conditions say why",
        arguments: [
            ("60s", ClaimStatistic.p95, ClaimMetric.exitLatencyFromZone, "invalid condition"),
            ("<= 60", .p95, .exitLatencyFromZone, "needs a unit"), ("<= 5s", .mean, .falseExits, "is a count"),
            ("<= 1.5", .rate, .missedExits, "a rate lies in [0, 1]"),
            ("<= 0.1", .rate, .exitLatencyFromZone, "only to count metrics"),
            ("50s..20s", .mean, .exitLatencyFromZone, "is empty"),
            ("<= 10s", .count, .exitLatencyFromZone, "'count' takes a plain number"),
            ("<= 5min", .p95, .exitLatencyFromZone, "unknown duration unit 'min'"),
        ])
    func badConditions(text: String, statistic: ClaimStatistic, metric: ClaimMetric, reason: String) {
        guard case .failure(let failure) = ConditionParser.parse(text, statistic: statistic, metric: metric) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(failure.message.contains(reason), "\(failure.message)")
    }

    @Test("booleans in every spelling, powers with units, quoted or not")
    func spellings() throws {
        let body = """
            radio: { shadowing: off, bodyLoss: "yes", walls: False, sensitivity: "-90 dBm", shadowingSigma: "3dB" }
            beacons:
              - { name: b, ibeacon: { uuid: fda50693-a4e2-4fb1-afcf-c6eb07647825, major: 0, minor: 65535 }, position: [40, 30], txPower: "4dBm" }
            """
        let scenario = try ScenarioLoader.parse(text: Support.document(body), path: "s.yaml")
        #expect(
            scenario.radio
                == RadioSpec(shadowingSigma: 3, sensitivity: -90, shadowing: false, bodyLoss: true, walls: false))
        #expect(scenario.beacons.first?.txPower == 4 && scenario.beacons.first?.measuredPower == -55)
        #expect(scenario.beacons.first?.minor == 65535)
    }

    @Test("suggestions come only within an edit distance of 2")
    func suggestions() {
        #expect(_Suggestion.closest(to: "txPowr", among: ["txPower", "interval"]) == "txPower")
        #expect(_Suggestion.closest(to: "colour", among: ["seed", "name"]) == nil)
        #expect(_Suggestion.editDistance("kitten", "sitting", limit: 5) == 3)
    }
}
