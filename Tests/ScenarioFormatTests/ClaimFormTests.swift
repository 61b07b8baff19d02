// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

/// The claim forms beyond a metric with fixed statistics: any percentile, counts of timeline
/// events, spans between events, anyOf/allOf, variants and comparisons; and their diagnostics.
@Suite("Claim forms")
struct ClaimFormTests {
    /// The claims of a document whose `expect:` is `claims` (lines from 6 on).
    static func claims(_ claims: String, extra: String = "") throws -> [ClaimSpec] {
        try ScenarioLoader.parse(text: Support.document(extra + "expect:\n" + claims), path: "t.yaml").expect
    }

    @Test("any percentile: p1, p5, p50, p99.9, kept in ascending order after min/max/mean")
    func percentiles() throws {
        let claim = try #require(
            Self.claims("  - { metric: exitLatencyFromZone, p99.9: \"<= 2m\", p5: \"<= 1s\", mean: \"<= 9s\", p1: \"<= 1s\" }")
                .first?.measured)
        #expect(claim.conditions.map(\.statistic) == [.mean, .percentile(1), .percentile(5), .percentile(99.9)])
        #expect(claim.conditions.map(\.statistic.description) == ["mean", "p1", "p5", "p99.9"])
        #expect(ClaimStatistic.percentile(99.9).quantile == 0.999)
    }

    @Test("percentile diagnostics: p0, p100 and a repeated percentile")
    func percentileDiagnostics() {
        Support.expectOne(
            Support.document("expect:\n  - { metric: exits, p0: \"<= 1\", max: \"<= 1\" }"), at: "t.yaml:6:22: ",
            "'p0' is not a percentile")
        Support.expectOne(
            Support.document("expect:\n  - { metric: exits, p100: \"<= 1\", max: \"<= 1\" }"), at: "t.yaml:6:22: ",
            "unknown key 'p100' in 'expect'")
        Support.expectOne(
            Support.document("expect:\n  - { metric: exits, p50: \"<= 1\", p50.0: \"<= 2\" }"), at: "t.yaml:6:42: ",
            "'p50.0' repeats the statistic 'p50' (first at 6:27)")
    }

    @Test("counts of timeline events, filtered by typed fields")
    func eventCounts() throws {
        let text = "  - { phone: alice, count: didDetermineState, where: { state: inside, reason: screenOn }, mean: \">= 1\" }"
        let claim = try #require(Self.claims(text).first?.measured)
        let pattern = EventPattern(
            event: "didDetermineState", fields: [.init(name: "state", value: "inside"), .init(name: "reason", value: "screenOn")])
        #expect(claim.side == ClaimSide(phone: "alice", quantity: .eventCount(pattern)))
        #expect(claim.side.key == "alice count didDetermineState{reason: screenOn, state: inside}")
        let flag = try #require(Self.claims("  - { count: zoneEntered, where: { atStart: yes }, max: \"<= 1\" }").first?.measured)
        #expect(
            flag.side.quantity == .eventCount(EventPattern(event: "zoneEntered", fields: [.init(name: "atStart", value: "true")]))
        )
        #expect(flag.conditions.map(\.statistic) == [.max], "'count' names the events, not a statistic")
    }

    @Test("event count diagnostics point at the name, field or value")
    func eventCountDiagnostics() {
        Support.expectOne(
            Support.document("expect:\n  - { count: didDeterminState, mean: \">= 1\" }"), at: "t.yaml:6:14: ",
            "unknown timeline event 'didDeterminState'; did you mean 'didDetermineState'?")
        Support.expectOne(
            Support.document("expect:\n  - { count: didDetermineState, where: { stat: inside }, mean: \">= 1\" }"),
            at: "t.yaml:6:42: ", "'didDetermineState' has no field 'stat'; did you mean 'state'?")
        Support.expectOne(
            Support.document("expect:\n  - { count: didDetermineState, where: { state: insde }, mean: \">= 1\" }"),
            at: "t.yaml:6:49: ", "unknown value 'insde' for 'state'; did you mean 'inside'?")
        Support.expectOne(
            Support.document("expect:\n  - { count: \"<= 3\", mean: \">= 1\" }"), at: "t.yaml:6:14: ",
            "'count' names the events to count here")
        Support.expectOne(
            Support.document("expect:\n  - { region: store, count: appStateChanged, mean: \">= 1\" }"), at: "t.yaml:6:15: ",
            "'region' filters events that carry a region, and appStateChanged carries none")
        Support.expectOne(
            Support.document("expect:\n  - { phone: alice, count: beaconPowerOff, mean: \">= 1\" }"), at: "t.yaml:6:14: ",
            "'beaconPowerOff' is a world event")
        Support.expectOne(
            Support.document("expect:\n  - { count: didEnterRegion, mean: \">= 1s\" }"), at: "t.yaml:6:36: ",
            "a count of events takes a plain number, found '1s'")
    }

    @Test("spans between two events: written as text or as mappings")
    func spans() throws {
        let text = """
              - { phone: alice, region: store, from: "appStateChanged{to: background}", to: last didRangeBeacons, p50: ">= 25s" }
              - from: { event: appStateChanged, where: { to: background }, pick: every }
                to: { event: didRangeBeacons, pick: last }
                region: store
                phone: alice
                p50: ">= 25s"
            """
        let claims = try Self.claims(text)
        let first = try #require(claims.first?.measured)
        let second = try #require(claims.last?.measured)
        let start = EventPattern(event: "appStateChanged", fields: [.init(name: "to", value: "background")])
        let end = EventSelector(EventPattern(event: "didRangeBeacons"), pick: .last)
        #expect(first.side.quantity == .span(EventSpan(from: EventSelector(start), to: end)))
        #expect(second.side.quantity == .span(EventSpan(from: EventSelector(start, pick: .every), to: end)))
        #expect(first.side.quantity.description == "appStateChanged{to: background} → last didRangeBeacons")
        #expect(first.takesDuration && first.conditions.first?.bound == 25)
    }

    @Test("span diagnostics")
    func spanDiagnostics() {
        Support.expectOne(
            Support.document("expect:\n  - { from: didEnterRegion, to: every didExitRegion, mean: \"<= 1s\" }"),
            at: "t.yaml:6:33: ", "'every' picks the starts of spans")
        Support.expectOne(
            Support.document("expect:\n  - { from: didEnterRegion, mean: \"<= 1s\" }"), at: "t.yaml:6:5: ",
            "missing 'to': the time between two events needs both 'from' and 'to'")
        Support.expectOne(
            Support.document("expect:\n  - { from: \"appStateChanged{to: bg}\", to: didExitRegion, mean: \"<= 1s\" }"),
            at: "t.yaml:6:13: ", "unknown value 'bg' for 'to'")
        Support.expectOne(
            Support.document(
                "expect:\n  - { from: didEnterRegion, to: didExitRegion, where: { region: store }, mean: \"<= 1s\" }"),
            at: "t.yaml:6:48: ", "'where' goes with 'count: EVENT'")
        Support.expectOne(
            Support.document("expect:\n  - { from: didEnterRegion, to: didExitRegion, mean: \"<= 1\" }"), at: "t.yaml:6:54: ",
            "the time between two events is a duration: the bound '1' needs a unit")
    }

    @Test("anyOf and allOf hold claims of any form, nested")
    func compounds() throws {
        let text = """
              - anyOf:
                  - { metric: exits, max: "<= 3" }
                  - allOf: [{ count: didEnterRegion, mean: ">= 1" }, { metric: entries, p50: ">= 1" }]
            """
        let claim = try #require(Self.claims(text).first)
        guard case .anyOf(let parts) = claim.form else {
            Issue.record("expected anyOf")
            return
        }
        #expect(parts.count == 2 && parts.last?.parts.count == 2)
        #expect(claim.leaves.count == 3)
        Support.expectOne(
            Support.document("expect:\n  - { anyOf: [{ metric: exits, max: \"<= 3\" }], phone: alice }"), at: "t.yaml:6:48: ",
            "a claim with 'anyOf' takes no other keys")
        Support.expectOne(
            Support.document("expect:\n  - { allOf: [] }"), at: "t.yaml:6:14: ", "'allOf' must list at least one claim")
        Support.expectOne(
            Support.document("expect:\n  - { allOf: [{ metric: exit, max: \"<= 3\" }] }"), at: "t.yaml:6:25: ",
            "unknown value 'exit' for 'metric'")
    }

    static let variants = """
        variants:
          withTask: { phones.alice.app.rules: [{ on: enter, do: beginBackgroundTask }], phones.*.os: ios }

        """

    @Test("variants decode as whole scenarios; claims name them and compare with versus")
    func variantsAndComparisons() throws {
        let text = Support.document(
            Self.variants + "expect:\n  - { variant: withTask, versus: { variant: base }, metric: exits, mean: \">= 0\" }")
        let scenario = try ScenarioLoader.parse(text: text, path: "t.yaml")
        let variant = try #require(scenario.variants.first)
        #expect(variant.name == "withTask" && variant.paths == ["phones.alice.app.rules", "phones.*.os"])
        #expect(variant.scenario.phones.first?.app.rules.map(\.action) == [.beginBackgroundTask])
        #expect(scenario.phones.first?.app.rules.isEmpty == true)
        #expect(variant.scenario.expect.isEmpty && variant.scenario.variants.isEmpty)
        #expect(scenario.variant("withTask") == variant.scenario && scenario.variant("base") == scenario)
        let claim = try #require(scenario.expect.first?.measured)
        #expect(claim.side.variant == "withTask" && claim.versus?.variant == nil)
        #expect(claim.versus?.quantity == .metric(.exits))
    }

    @Test("variant and comparison diagnostics")
    func variantDiagnostics() {
        Support.expectOne(
            Support.document(Self.variants + "expect:\n  - { variant: witTask, metric: exits, max: \"<= 3\" }"),
            at: "t.yaml:8:16: ", "unknown variant 'witTask'; did you mean 'withTask'?")
        Support.expectOne(
            Support.document(Self.variants + "expect:\n  - { versus: { variant: base }, metric: exits, max: \"<= 3\" }"),
            at: "t.yaml:8:15: ", "'versus' must name another phone, region or variant")
        Support.expectOne(
            Support.document("variants:\n  base: { duration: 1m }"), at: "t.yaml:6:3: ", "'base' names the scenario as written")
        Support.expectOne(
            Support.document("variants:\n  x: { phones.alice.colour: red }"), at: "t.yaml:6:8: ",
            "variant 'x': path 'phones.alice.colour': 'colour' cannot be set here")
        Support.expectOne(
            Support.document("variants:\n  x: { phones.bob.os: ios }"), at: "t.yaml:6:8: ", "variant 'x': no phone named 'bob'")
        Support.expectOne(
            Support.document("variants:\n  x: { phones.alice.app.rules: [{ on: enter, do: dance }] }"), at: "t.yaml:6:50: ",
            "in variant 'x': unknown value 'dance' for 'do'")
        Support.expectOne(
            Support.document("expect:\n  - { metric: falseExits, versus: { phone: bob }, mean: \"<= 1\" }"),
            at: "t.yaml:6:44: ", "unknown phone 'bob'")
    }
}
