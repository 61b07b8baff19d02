// SPDX-License-Identifier: GPL-3.0-or-later
@testable import Experiments
import ScenarioFormat
import Testing

/// The x axis of a sweep report's claim figures: category names that would overprint their
/// neighbours go on two alternating rows, and the axis reports the height it needs.
@Suite struct SweepAxisLayoutTests {
    @Test func shortCategoriesStayOnOneRow() {
        let axis = XPosition(axis: SweepAxis(path: "phones.*.os", values: ["ios", "android"]), from: 80, to: 880)
        #expect(!axis.staggered)
        #expect(axis.height == 36)
    }

    @Test func twelveProfileNamesAreStaggered() {
        let names = [
            "ios", "ios-17", "ios-18", "ios-26", "ios-7.0", "android-abl", "android-abl-8", "android-abl-8-fgs",
            "android-14-abl", "android-14-abl-fgs", "android-14-abl-intent", "nearby",
        ]
        let axis = XPosition(axis: SweepAxis(path: "phones.*.os", values: names), from: 80, to: 880)
        #expect(axis.staggered)
        #expect(axis.height > 36)
        var svg = SVG(width: 900, height: 400)
        axis.draw(&svg, y: 260)
        // Odd categories one row lower: 278 and 290.
        #expect(svg.text.contains("y=\"278\""))
        #expect(svg.text.contains("y=\"290\""))
    }

    @Test func numericAxesAreNeverStaggered() {
        let axis = XPosition(
            axis: SweepAxis(path: "beacons.*.interval", values: ["100ms", "200ms", "500ms", "1s", "2s", "5s", "10s"]),
            from: 80, to: 880)
        #expect(!axis.staggered)
    }
}
