// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import PhoneModel
import ScenarioFormat
import SimulationCore
import Testing

@testable import BeaconSim

/// A radio observer that names a `packetFloor` is handed exactly the advertising events with a
/// packet at or above it (the phone's other models see every event either way).
@Suite("Radio observers' packet floor")
struct RadioObserverFloorTests {
    /// Each event handed to it: its first packet's time and its strongest RSSI.
    final class EventLog: PhoneRadioObserver {
        let packetFloor: Int
        var events: [(time: SimTime, strongest: Int)] = []

        init(floor: Int) { packetFloor = floor }

        func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {}
        func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime) {
            events.append((time, rssi))
        }
        func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, packets: EventPackets) {
            if let first = packets.first { events.append((first.time, packets.strongestRSSI)) }
        }
    }

    /// One beacon 8 m from a phone in the foreground for 60 s: shadowing spreads its events' RSSIs
    /// over several dB.
    func scenario() -> Scenario {
        let beacon = BeaconSpec(name: "b", uuid: StoreScenario.uuid, major: 1, minor: 1, position: .init(x: 1, y: 5))
        let phone = PhoneSpec(
            name: "p", carry: .hand,
            app: AppSpec(initialState: .foreground, regions: [RegionSpec(name: "r", uuid: StoreScenario.uuid)]),
            path: [WaypointSpec(position: .init(x: 9, y: 5))])
        return Scenario(
            name: "floor", duration: 60_000_000_000, venue: VenueSpec(width: 10, height: 10), beacons: [beacon],
            phones: [phone])
    }

    /// The events `observer` was handed in a run of the scenario with it as the phone's only observer.
    func events(_ observer: EventLog) throws -> [(time: SimTime, strongest: Int)] {
        let world = try World(scenario: scenario(), seed: 3)
        world.phones[0].addRadioObserver(observer)
        _ = world.run()
        return observer.events
    }

    @Test("an observer with a floor gets the events that reach it, and only those")
    func floorFiltersEvents() throws {
        let every = try events(EventLog(floor: .min))
        let strongest = every.map(\.strongest).sorted()
        let floor = strongest[strongest.count / 2]  // an RSSI some events have exactly
        let above = every.filter { $0.strongest >= floor }
        #expect(above.count > 10 && above.count < every.count - 10)
        let floored = try events(EventLog(floor: floor))
        #expect(floored.map(\.time) == above.map(\.time))
        #expect(floored.map(\.strongest) == above.map(\.strongest))
    }
}
