// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import ScenarioFormat

/// `ScenarioTemplate.applying`: the settable paths `beaconsim sweep --set` and `sweep:` use.
@Suite("Settings (--set and sweep:)")
struct SettingTests {
    static let path = Support.path("Scenarios/retail-store.yaml")

    @Test("each settable path changes exactly its field, with the scenario's value syntax")
    func paths() throws {
        let template = try ScenarioTemplate(path: Self.path)
        let base = template.base
        var scenario = try template.applying([("beacons.*.interval", "1s")])
        #expect(scenario.beacons.map(\.interval) == [1_000_000_000, 1_000_000_000])
        scenario = try template.applying([("beacons.till.txPower", "-8")])
        #expect(scenario.beacons[0].txPower == -8)
        #expect(scenario.beacons[1].txPower == base.beacons[1].txPower)
        scenario = try template.applying([("beacons.*.measuredPower", "-65dBm")])
        #expect(scenario.beacons.allSatisfy { $0.measuredPower == -65 })
        scenario = try template.applying([("phones.*.os", "ios-7.0"), ("phones.alice.carry", "hand")])
        #expect(scenario.phones[0].os == "ios-7.0")
        #expect(scenario.phones[0].carry.rawValue == "hand")
        scenario = try template.applying([("duration", "20m"), ("venue.environment", "office")])
        #expect(scenario.duration == 1_200_000_000_000)
        #expect(scenario.venue.environment == "office")
        scenario = try template.applying([("radio.shadowingSigma", "3dB")])
        #expect(scenario != base)
        scenario = try template.applying([("phones.*.overrides.exitHysteresis", "20s")])
        #expect(scenario.phones[0].overrides.count == 1)
        scenario = try template.applying([])
        #expect(scenario == base)
        #expect(scenario.sourceHash == base.sourceHash)
    }

    @Test(
        "bad paths, names and values are errors naming the setting",
        arguments: [
            ("beacons.*.position", "1", "'position' cannot be set here"),
            ("beacons.nobody.interval", "1s", "no beacon named 'nobody'"),
            ("phones.*.carry", "nowhere", "'carry'"),
            ("venue.size", "1", "cannot be set here"),
            ("beacons.*.interval", "5ms", "'interval' must be in"),
            ("radio..x", "1", "empty path component"),
        ])
    func errors(path: String, value: String, message: String) throws {
        let template = try ScenarioTemplate(path: Self.path)
        let error = try #require(throws: ScenarioError.self) { try template.applying([(path, value)]) }
        #expect(error.description.contains("'\(path)=\(value)'"))
        #expect(error.setting?.message.contains(message) == true, "\(error)")
    }

    @Test("a sweep: block is read in file order; a bad path is a located diagnostic")
    func block() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let good = try ScenarioLoader.parse(
            text: text + "sweep:\n  beacons.*.interval: [100ms, 1s]\n  phones.alice.os: [ios]\n", path: "s.yaml")
        #expect(
            good.sweep == [
                SweepAxis(path: "beacons.*.interval", values: ["100ms", "1s"]),
                SweepAxis(path: "phones.alice.os", values: ["ios"]),
            ])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let bad = try #require(throws: ScenarioError.self) {
            try ScenarioLoader.parse(
                text: text + "sweep:\n  beacons.*.intervall: [1s]\n  radio.fading: []\n", path: "s.yaml")
        }
        #expect(bad.description.contains("s.yaml:\(lines + 1):3: error: sweep path 'beacons.*.intervall'"), "\(bad)")
        #expect(bad.description.contains("must list at least one value"))
    }
}
