// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import BeaconSim
import PhoneModel
import ScenarioFormat
import SimulationCore
import Testing

@Suite("Beacon power")
struct PowerOffTests {
    /// Records every packet a phone's radio receives.
    final class PacketLog: PhoneRadioObserver {
        var times: [SimTime] = []
        func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {}
        func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime) {
            times.append(time)
        }
    }

    /// A beacon switched off for 1 s every 2 s, 1 m from a phone that listens all the time. An
    /// advertising event (three PDUs over 0.8 ms) begins within 0.8 ms before about 0.8 % of the
    /// power-offs, so 300 power-offs per run and 10 runs straddle one about 23 times.
    func scenario() -> Scenario {
        let second: Int64 = 1_000_000_000
        let schedule = (0..<300).flatMap { k -> [BeaconSpec.PowerChange] in
            let off = Int64(k) * 2 * second + second / 2
            return [.init(at: off, on: false), .init(at: off + second, on: true)]
        }
        let beacon = BeaconSpec(
            name: "b", uuid: StoreScenario.uuid, major: 1, minor: 1, position: .init(x: 5, y: 5), schedule: schedule)
        let phone = PhoneSpec(
            name: "p", carry: .hand,
            app: AppSpec(initialState: .foreground, regions: [RegionSpec(name: "r", uuid: StoreScenario.uuid)]),
            path: [WaypointSpec(position: .init(x: 6, y: 5))])
        return Scenario(
            name: "power", duration: 600 * second, venue: VenueSpec(width: 10, height: 10), beacons: [beacon], phones: [phone])
    }

    @Test("a beacon that is switched off sends nothing from that instant, not even the rest of an advertising event")
    func nothingAfterPowerOff() throws {
        let scenario = scenario()
        let offIntervals = stride(from: 0, to: scenario.beacons[0].schedule.count, by: 2).map {
            (scenario.beacons[0].schedule[$0].at, scenario.beacons[0].schedule[$0 + 1].at)
        }
        var heard = 0
        for seed in UInt64(1)...10 {
            let world = try World(scenario: scenario, seed: seed)
            let log = PacketLog()
            world.phones[0].addRadioObserver(log)
            _ = world.run()
            heard += log.times.count
            let late = log.times.filter { time in
                offIntervals.contains { time.nanoseconds >= $0.0 && time.nanoseconds < $0.1 }
            }
            #expect(late.isEmpty, "seed \(seed): packets while off at \(late.prefix(3).map(\.description))")
        }
        #expect(heard > 10 * 2500)  // the phone hears the beacon while it is on
    }
}
