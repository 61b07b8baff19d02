// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import BeaconSim
import ScenarioFormat
import SimulationCore
import Testing

/// The battery voltage a beacon's Eddystone-TLM frames report (`batteryAge`): its battery's
/// discharge curve at the share of capacity used by then; 3000 mV without an age.
@Suite("TLM battery voltage over a beacon's life")
struct TLMBatteryVoltageTests {
    /// A beacon sending iBeacon and TLM (every 3rd event) 1 m from an Android phone, on an nRF52832
    /// and a CR2032 whose voltage falls linearly from 3.0 V (new) to 2.0 V (used up).
    static func scenario(age: String) throws -> Scenario {
        try BeaconFormatWorldTests.scenario(
            frames: BeaconFormatWorldTests.interleaved
                + "\n    chip: nrf52832\n    battery: cr2032\n    dischargeCurve: [[0, 3.0], [1, 2.0]]" + age,
            phone: BeaconFormatWorldTests.ablPhone)
    }

    /// VBATT of every TLM frame the phone's capture holds.
    static func reportedMillivolts(_ scenario: Scenario) throws -> [UInt16] {
        try BeaconFormatWorldTests.reports(scenario).compactMap { report in
            guard case .eddystoneTLM(let tlm) = AdvertisingData(bytes: report.data).beaconFrames.first else { return nil }
            return tlm.batteryMillivolts
        }
    }

    @Test("new: 3000 mV; half its life in: 2500 mV; past its life: the 2000 mV cut-off; no age: a fixed 3000 mV")
    func overLife() throws {
        let estimate = try #require(BeaconBatteryEstimate(try Self.scenario(age: "").beacons[0], in: Self.scenario(age: "")))
        let halfLifeDays = estimate.life.years * BatteryLife.hoursPerYear / 24 / 2
        let cases: [(String, ClosedRange<UInt16>)] = [
            ("\n    batteryAge: 0", 3000...3000),
            ("\n    batteryAge: \(halfLifeDays)", 2499...2500),  // 20 s of the run: under 1 mV
            ("\n    batteryAge: 36525", 2000...2000), ("", 3000...3000),
        ]
        for (age, expected) in cases {
            let volts = try Self.reportedMillivolts(try Self.scenario(age: age))
            #expect(!volts.isEmpty)
            #expect(volts.allSatisfy(expected.contains), "\(age): \(Set(volts))")
        }
    }

    @Test("a beacon's age moves only its TLM frames' VBATT, not its other frames")
    func onlyTLM() throws {
        let recorder = PhoneHCIRecorder { _ in }
        let scenario = try Self.scenario(age: "\n    batteryAge: 36525")
        recorder.batteries = [BeaconBatteryEstimate(scenario.beacons[0], in: scenario)]
        let time = SimTime(nanoseconds: 1_000_000_000)
        #expect(recorder.tlmMillivolts(.eddystoneTLM(advertisingEvent: 2), source: 1, at: time) == 2000)
        let uid = try #require(EddystoneUID(namespaceHex: "EDD1EBEAC04E5DEFA017", instanceHex: "0BDB87539B67"))
        #expect(recorder.tlmMillivolts(.eddystoneUID(uid, txPower: -18), source: 0, at: time) == 3000)
    }
}
