// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import ScenarioFormat

/// `chip:`, `battery:`, `txCurrent:` and `batteryCapacity:` on a beacon (battery life).
@Suite("Beacon chip and battery")
struct BeaconPowerDecodingTests {
    static func beacon(_ keys: String) -> String {
        Support.document(
            "beacons:\n  - name: door\n    position: [10, 5]\n"
                + "    ibeacon: { uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", major: 1, minor: 2 }\n" + keys)
    }

    @Test("chip and battery decode, with the scenario's own TX current and capacity")
    func decodes() throws {
        let scenario = try ScenarioLoader.parse(
            text: Self.beacon("    chip: nrf52832\n    battery: cr2032\n    txCurrent: 5.3\n    batteryCapacity: 235\n"),
            path: "t.yaml", catalogue: .permissive)
        #expect(
            scenario.beacons.first?.power
                == BeaconPowerSpec(chip: .nrf52832, battery: .cr2032, transmitMilliamps: 5.3, capacityMilliampHours: 235))
        let none = try ScenarioLoader.parse(text: Self.beacon(""), path: "t.yaml", catalogue: .permissive)
        #expect(none.beacons.first?.power == nil)
    }

    @Test("a chip without a battery, an unknown chip: located diagnostics")
    func mistakes() {
        Support.expectOne(Self.beacon("    chip: nrf52832\n"), at: "t.yaml:9:5: ", "'chip' needs 'battery'")
        Support.expectOne(
            Self.beacon("    chip: esp32\n    battery: cr2032\n"), at: "t.yaml:9:11: ", "nrf52832")
    }

    @Test("derating, battery age and a discharge curve decode; the new chips are names a scenario can use")
    func lifeKeys() throws {
        let scenario = try ScenarioLoader.parse(
            text: Self.beacon(
                "    chip: efr32bg22\n    battery: cr2477\n    batteryDerating: 0.8\n    batteryAge: 365\n"
                    + "    dischargeCurve: [[0, 3.0], [0.9, 2.7], [1, 2.0]]\n"),
            path: "t.yaml", catalogue: .permissive)
        let power = try #require(scenario.beacons.first?.power)
        #expect(power.chip == .efr32bg22 && power.capacityDerating == 0.8 && power.ageDays == 365)
        #expect(power.dischargeCurve == [.init(used: 0, volts: 3.0), .init(used: 0.9, volts: 2.7), .init(used: 1, volts: 2.0)])
        let ti = try ScenarioLoader.parse(
            text: Self.beacon("    chip: cc2640r2f\n    battery: cr2032\n"), path: "t.yaml", catalogue: .permissive)
        #expect(ti.beacons.first?.power?.chip == .cc2640r2f)
    }

    @Test("an age without a battery, a curve that does not rise or end at 1, a derating above 1: located diagnostics")
    func lifeMistakes() {
        Support.expectOne(Self.beacon("    batteryAge: 30\n"), at: "t.yaml:9:5: ", "'batteryAge' needs 'battery'")
        Support.expectOne(
            Self.beacon("    chip: nrf52832\n    battery: cr2032\n    dischargeCurve: [[0, 3.0], [0, 2.9], [1, 2.0]]\n"),
            at: "t.yaml:11:32: ", "must rise strictly")
        Support.expectOne(
            Self.beacon("    chip: nrf52832\n    battery: cr2032\n    dischargeCurve: [[0, 3.0], [0.9, 2.0]]\n"),
            at: "t.yaml:11:21: ", "from used share 0 to 1")
        Support.expectOne(
            Self.beacon("    chip: nrf52832\n    battery: cr2032\n    batteryDerating: 1.5\n"), at: "t.yaml:11:22: ",
            "batteryDerating")
    }
}
