// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import ScenarioFormat
import SimulationCore
import Testing

@Suite("Phone acting as a beacon")
struct AddressRotationTests {
    /// A phone ranging next to another phone that advertises as an iBeacon and rotates its address
    /// every minute (iOS: about every 15 min; behaviour.md §1.7).
    func scenario() -> Scenario {
        var beacon = BeaconSpec(name: "iphone", uuid: StoreScenario.uuid, major: 3, minor: 4, position: .init(x: 5, y: 5))
        beacon.addressRotation = 60_000_000_000
        let phone = PhoneSpec(
            name: "ranger", carry: .hand,
            app: AppSpec(initialState: .foreground, ranging: true, regions: [RegionSpec(name: "r", uuid: StoreScenario.uuid)]),
            path: [WaypointSpec(position: .init(x: 6, y: 5))])
        return Scenario(
            name: "rotation", duration: 300_000_000_000, venue: VenueSpec(width: 10, height: 10), beacons: [beacon],
            phones: [phone])
    }

    @Test("after a rotation the old address lingers as proximity unknown, and within 10 s one beacon is left (C45)")
    func lingerThenOne() throws {
        let trace = try World(scenario: scenario(), seed: 4).run().trace
        let rotations = trace.filter { $0.event.name == "addressRotated" }.map(\.time)
        #expect(rotations.count >= 4)
        var sawDuplicate = false
        for rotation in rotations {
            let ranged = trace.compactMap { record -> (Double, [RangedBeaconSummary])? in
                guard case .didRangeBeacons(_, let beacons) = record.event, record.time > rotation,
                    (record.time - rotation).seconds <= 10
                else { return nil }
                return (
                    (record.time - rotation).seconds, beacons.map { RangedBeaconSummary(rssi: $0.rssi, known: $0.accuracy >= 0) }
                )
            }
            if ranged.contains(where: { $0.1.count == 2 && $0.1.contains { !$0.known && $0.rssi == 0 } }) { sawDuplicate = true }
            // Within 10 s of the rotation only the new address is listed.
            #expect(ranged.last?.1.count == 1)
        }
        #expect(sawDuplicate)
    }

    struct RangedBeaconSummary {
        var rssi: Int
        var known: Bool
    }
}
