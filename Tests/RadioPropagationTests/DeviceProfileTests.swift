// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import RadioPropagation
import Stochastics
import Testing

@Suite("Receiving devices")
struct DeviceProfileTests {
    let errors = PacketErrorCurve(sensitivity: -95)

    @Test("the reporting offset moves what is reported, not what is heard")
    func reportingOffset() {
        let configuration = RadioConfiguration(environment: .retail).deterministic
        var radio = RadioLink(random: CounterStream(seed: 1, replication: 0, label: "link"), configuration: configuration)
        var fading = FadingState()
        let loud = radio.receive(
            base: -80.4, lineOfSight: true, speed: 1, channelIndex: 0, timeNanoseconds: 0, configuration: configuration,
            errors: errors, fading: &fading, reportingOffset: 18)
        #expect(loud == -62)
        // 18 dB more in the report still hears nothing below the threshold…
        let lost = radio.receive(
            base: -95.5, lineOfSight: true, speed: 1, channelIndex: 0, timeNanoseconds: 0, configuration: configuration,
            errors: errors, fading: &fading, reportingOffset: 18)
        #expect(lost == nil)
        // …while a 3 dB better sensitivity does.
        let heard = radio.receive(
            base: -95.5, lineOfSight: true, speed: 1, channelIndex: 0, timeNanoseconds: 0, configuration: configuration,
            errors: errors, fading: &fading, sensitivityShift: -3, reportingOffset: 18)
        #expect(heard == -78)
    }

    /// n = 20 000 slots: the share of open slots has SD √(c(1−c)/n) = 0.0035 at c = 0.47; 5 SDs.
    @Test("the scan gate opens a share `scanCeiling` of 1 s slots, the same for every packet of a slot")
    func scanGate() {
        var gate = ScanGate(random: CounterStream(seed: 3, replication: 0, label: "gate"), ceiling: 0.47)
        var open = 0
        for slot in 0..<20_000 {
            let start = Int64(slot) * DeviceProfile.scanSlotNanoseconds
            let first = gate.isOpen(at: start + 10_000_000)
            #expect(gate.isOpen(at: start + 900_000_000) == first)
            if first { open += 1 }
        }
        #expect(abs(Double(open) / 20_000 - 0.47) < 0.0175)
        var always = ScanGate(random: CounterStream(seed: 3, replication: 0, label: "gate"), ceiling: 1)
        #expect((0..<100).allSatisfy { always.isOpen(at: Int64($0) * 700_000_000) })
    }

    @Test("a window's detection probability: c·P within one slot, independent slots beyond")
    func windowProbability() {
        let device = DeviceProfile(scanCeiling: 0.5)
        #expect(abs(device.windowProbability(radio: 0.8, window: 0.333) - 0.4) < 1e-12)
        #expect(abs(device.windowProbability(radio: 0.8, window: 1) - 0.4) < 1e-12)
        #expect(abs(device.windowProbability(radio: 0.8, window: 2) - (1 - 0.6 * 0.6)) < 1e-12)
    }

    @Test("the catalogue keeps AltBeacon's offsets and the surveyed devices' three figures")
    func catalogue() {
        #expect(DeviceCatalogue.profiles["galaxyS5"]?.reportingOffset == -21.25)
        #expect(DeviceCatalogue.profiles["pixel7a"]?.sensitivity == -95)
        let a5 = DeviceCatalogue.profiles["galaxyA5-2017"]
        #expect((a5?.reportingOffset ?? 0) > 10)
        #expect((a5?.scanCeiling ?? 1) < 0.6)
        #expect(DeviceCatalogue.generic == DeviceProfile.reference)
        #expect(Set(DeviceCatalogue.sources.keys) == Set(DeviceCatalogue.profiles.keys))
    }
}
