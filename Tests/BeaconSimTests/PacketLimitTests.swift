// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Reporting
import ScenarioFormat
import Testing

/// A device's packets per slot (`devices.NAME.packetsPerSlot`) in a run: the scan takes at most
/// that many packets of each beacon per 1 s slot.
@Suite("Device packet limits")
struct PacketLimitTests {
    @Test("a device taking one packet per slot receives at most one per beacon and second, the same in both loops")
    func onePerSlot() throws {
        var scenario = try ReportShareTests.scenario(share: nil)
        let full = try World(scenario: scenario, seed: 3).run()
        scenario.devices["dutyCycled"] = DeviceSpec(packetsPerSlot: 1)
        scenario.phones[0].device = "dutyCycled"
        let limited = try World(scenario: scenario, seed: 3).run()
        let reference = try World(scenario: scenario, seed: 3).run(mode: .reference)
        // Ten minutes: the limited phone takes at most 600 packets (one per slot), the other all
        // of its own (about 30 a second at 2 m).
        let other = full.packetsReceived / 2
        #expect(limited.packetsReceived <= other + other / 20 + 601)
        #expect(limited.packetsReceived >= other - other / 20 + 540)
        #expect(limited.packetsReceived == reference.packetsReceived)
        #expect(TimelineWriter.text(limited.trace) == TimelineWriter.text(reference.trace))
    }
}
