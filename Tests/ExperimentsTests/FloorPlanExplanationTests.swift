// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Experiments
import Testing

/// What the run report's floor plan and RSSI strips explain (issue 29): missed entries and
/// undelivered exits where they happened, with why on hover; the strips' data per phone (visits,
/// exit marks with the drawn delays, a scan job's ending at the job's start); the default phone.
@Suite("floor plan and RSSI strip explanations")
struct FloorPlanExplanationTests {
    static let plan = """
        {"size":[20,10],"floors":["ground"],"walls":[],"zones":[{"name":"shop","polygon":[[5,0],[15,0],[15,10],[5,10]],"floor":0}],
        "beacons":[{"name":"door","position":[6,5],"floor":0},{"name":"far","position":[19,9],"floor":0}],
        "phones":[{"name":"ann","sensitivity":-95,"regions":[{"name":"shop-region","beacons":["door"]}]},
        {"name":"bob","sensitivity":-95,"regions":[{"name":"shop-region","beacons":["door"]}]}]}
        """
    /// ann walks through the shop hearing the door beacon; bob walks through it hearing nothing.
    static let track = (0...20).map { t in
        """
        {"t":\(t),"phone":"ann","x":\(t),"y":5,"floor":0,"heard":\(t >= 6 && t <= 14 ? #"[{"beacon":"door","rssi":-70,"packets":9}]"# : "[]")}
        {"t":\(t),"phone":"bob","x":\(t),"y":2,"floor":0,"heard":[]}
        """
    }.joined(separator: "\n")

    static func records(_ lines: [String]) -> [TimelineFigure.Record] {
        (try? TimelineFigure.parse(lines.joined(separator: "\n"), path: "timeline.jsonl")) ?? []
    }

    static var timeline: [TimelineFigure.Record] {
        records([
            #"{"t":5,"phone":"ann","event":"zoneEntered","zone":"shop"}"#,
            #"{"t":5,"phone":"bob","event":"zoneEntered","zone":"shop"}"#,
            #"{"t":15,"phone":"ann","event":"zoneExited","zone":"shop"}"#,
            #"{"t":15,"phone":"bob","event":"zoneExited","zone":"shop"}"#,
            #"{"t":18,"phone":"ann","event":"osDelayDrawn","region":"shop-region","kind":"scanJobDelay","delay":4,"distribution":"uniform (0 s…25 s)","jobStart":16}"#,
            #"{"t":18,"phone":"ann","event":"osRegionState","region":"shop-region","state":"outside","reason":"transition"}"#,
            #"{"t":18,"phone":"ann","event":"exitNotDelivered","region":"shop-region","lastPacketAt":14}"#,
            #"{"t":19,"phone":"bob","event":"osRegionState","region":"shop-region","state":"outside","reason":"initial"}"#,
        ])
    }

    static var context: TimelineFigure.Context {
        let metrics = try? MetricsJSON.decode(
            #"{"regions":[{"phone":"ann","region":"shop-region","zone":"shop","counts":{"missedEntries":{"count":1,"visits":[{"zoneEntered":5,"zoneExited":15}]}}},"#
                + #"{"phone":"bob","region":"shop-region","zone":"shop","counts":{"missedEntries":{"count":1,"visits":[{"zoneEntered":5,"zoneExited":15}]}}}]}"#,
            path: "metrics.json")
        return TimelineFigure.Context(metrics: metrics, plan: nil)
    }

    @Test("missed entries are marked where the visit began, each saying why; an undelivered exit where the OS decided it")
    func missedAndUndelivered() throws {
        let plan = try #require(try FloorPlanData(plan: Self.plan, track: Self.track))
        let figures = FloorPlanFigure.html(plan, timeline: Self.timeline, context: Self.context, duration: 20)
        #expect(figures.plan.components(separatedBy: "missed entry: ").count - 1 == 2)
        #expect(
            figures.plan.contains(
                "missed entry: ann was in zone shop 5–15 s and the app was never told it entered shop-region: it heard the "
                    + "region&apos;s beacons in 9 s of the visit (first at 6 s)"))
        #expect(
            figures.plan.contains(
                "missed entry: bob was in zone shop 5–15 s and the app was never told it entered shop-region: the phone heard none"
            ))
        #expect(figures.plan.contains("ann exitNotDelivered shop-region at 18 s: the OS decided the phone left the region"))
        #expect(figures.plan.contains(">exit shop-region not delivered<") && figures.plan.contains(">missed shop-region<"))
        // The strips' data: drawn by the page's script, none drawn statically.
        #expect(figures.strips.contains("<div id=\"rs-figure\"></div>") && !figures.strips.contains("<svg"))
    }

    @Test("missed entries are the visits metrics.json counted, not re-derived from the timeline")
    func missedEntriesReadFromTheMetrics() throws {
        let plan = try #require(try FloorPlanData(plan: Self.plan, track: Self.track))
        // The same timeline; the metrics counted no missed entry for bob and one 7–12 s for ann.
        let metrics = try MetricsJSON.decode(
            #"{"regions":[{"phone":"ann","region":"shop-region","zone":"shop","counts":{"missedEntries":{"count":1,"visits":[{"zoneEntered":7,"zoneExited":12}]}}},"#
                + #"{"phone":"bob","region":"shop-region","zone":"shop"}]}"#, path: "metrics.json")
        let context = TimelineFigure.Context(metrics: metrics, plan: nil)
        #expect(context.missedEntries(phone: "ann", region: "shop-region").map(\.entry) == [7])
        #expect(context.missedEntries(phone: "bob", region: "shop-region").isEmpty)
        let figures = FloorPlanFigure.html(plan, timeline: Self.timeline, context: context, duration: 20)
        #expect(figures.plan.components(separatedBy: "missed entry: ").count - 1 == 1)
        #expect(figures.plan.contains("missed entry: ann was in zone shop 7–12 s"))
        let svg = TimelineFigure.svg(
            phone: "ann", records: Self.timeline.filter { $0.phone == "ann" }, power: [], duration: 20, context: context)
        #expect(svg.components(separatedBy: "missed entry: zone shop visited 7–12 s").count - 1 == 1)
    }

    @Test("strip marks: a scan job's delay ends at the job's start; exits carry their last packet; visits their span")
    func stripMarks() {
        let ann = Self.timeline.filter { $0.phone == "ann" }
        let marks = RSSIStripFigure.marks(ann)
        #expect(marks.count == 3)
        #expect(
            marks[0].hasPrefix(
                #"["delay",16,12,"shop-region","shop-region: scanJobDelay of 4 s drawn from uniform (0 s…25 s), ending when the scan job started at 16 s"#
            ))
        #expect(marks[1].hasPrefix(#"["os",18,null,"shop-region","the OS declared the exit from shop-region at 18 s"]"#))
        #expect(marks[2].hasPrefix(#"["lost",18,14,"shop-region","exitNotDelivered shop-region at 18 s"#))
        #expect(RSSIStripFigure.visits(ann, end: 20) == [#"[5,15,"in zone shop 5–15 s","shop"]"#])
        let power = Self.records([
            #"{"t":3,"event":"beaconPowerOff","beacon":"door"}"#,
            #"{"t":4,"phone":"ann","event":"regionBeaconsOff","region":"r"}"#,
            #"{"t":9,"event":"beaconPowerOn","beacon":"door"}"#,
        ])
        #expect(RSSIStripFigure.powerChanges(power) == [#"[3,"door",false]"#, #"[9,"door",true]"#])
        let open = Self.records([#"{"t":12,"phone":"ann","event":"zoneEntered","zone":"shop"}"#])
        #expect(RSSIStripFigure.visits(open, end: 20) == [#"[12,20,"in zone shop from 12 s to the end","shop"]"#])
    }

    @Test("a drawn scan phase: its band is the stretch without a scan before the deciding scan, explained on hover")
    func scanPhaseMarks() {
        let records = Self.records([
            #"{"t":303,"phone":"ann","event":"osDelayDrawn","region":"r","kind":"softwareScanPhase","delay":300,"distribution":"uniform (0 s…900 s)","scanStart":300,"lastScanEnd":10}"#,
            #"{"t":303,"phone":"ann","event":"osRegionState","region":"r","state":"outside","reason":"transition"}"#,
            #"{"t":303,"phone":"ann","event":"didExitRegion","region":"r","lastPacketAt":2}"#,
        ])
        let marks = RSSIStripFigure.marks(records)
        #expect(
            marks.first
                == #"["delay",300,10,"r","r: softwareScanPhase of 300 s drawn from uniform (0 s…900 s) (where the phone's periodic background scans sit, drawn once per phone): no scan from 10 s to 300 s; the scan that started at 300 s decided the change the OS recorded at 303 s"]"#
        )
        let svg = TimelineFigure.svg(phone: "ann", records: records, power: [], duration: 400)
        #expect(
            svg.contains(
                "didExitRegion at 303 s; after a softwareScanPhase of 300 s drawn from uniform (0 s…900 s) (the phone&apos;s "
                    + "periodic background scans sit at that phase: the scan that decided it started at 300 s, none since 10 s)"))
    }

    @Test("the page selects first the phone with exits to explain, then the one that heard the most beacons")
    func defaultPhone() throws {
        let plan = try #require(try FloorPlanData(plan: Self.plan, track: Self.track))
        #expect(RSSIStripFigure.defaultPhone(plan, timeline: Self.timeline) == 0)
        #expect(RSSIStripFigure.defaultPhone(plan, timeline: []) == 0)  // ann heard the door, bob nothing
        let bobExits = Self.records([#"{"t":18,"phone":"bob","event":"didExitRegion","region":"shop-region","lastPacketAt":14}"#])
        #expect(RSSIStripFigure.defaultPhone(plan, timeline: bobExits) == 1)
    }
}
