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
}
