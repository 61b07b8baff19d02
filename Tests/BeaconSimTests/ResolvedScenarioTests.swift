// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import ScenarioFormat
import Testing

/// The one resolution step: typed, checked once, located diagnostics, shared by every replication.
@Suite("Resolving a scenario")
struct ResolvedScenarioTests {
    @Test("region→beacon matches, zone crossings and profiles are resolved once")
    func resolved() throws {
        let resolved = try ResolvedScenario(StoreScenario.make())
        #expect(resolved.beacons.map(\.spec.name) == ["till"])
        let phone = try #require(resolved.phones.first)
        #expect(phone.profile.name == "ios")
        #expect(phone.regionBeacons.map(\.region) == ["store"])
        #expect(phone.regionBeacons.first?.beacons == [0])
        #expect(phone.crossings.map(\.entered) == [true, false])
    }

    @Test("every problem is reported at once, each at its place or the file's start")
    func diagnostics() {
        var scenario = StoreScenario.make()
        scenario.sourcePath = "store.yaml"
        scenario.phones[0].os = "ios-99"
        var second = StoreScenario.make().phones[0]
        second.name = "bob"
        second.overrides = [
            ParameterOverride(
                key: "exitHysteresis", value: .text("soon"), location: SourceLocation(file: "store.yaml", line: 9, column: 7))
        ]
        scenario.phones.append(second)
        scenario.beacons[0].uuid = "not-a-uuid"
        scenario.beacons[0].location = SourceLocation(file: "store.yaml", line: 4, column: 5)
        #expect {
            try ResolvedScenario(scenario)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("store.yaml:4:5: error: beacon 'till': UUID 'not-a-uuid' does not parse")
                && text.contains("store.yaml:1:1: error: phone 'alice': unknown OS profile 'ios-99'")
                && text.contains("store.yaml:9:7: error: 'exitHysteresis': expected a number, a duration or true/false")
        }
    }
}
