// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
@testable import PhoneModel
import SimulationCore
import Testing

@Suite("RangingEstimator")
struct RangingEstimatorTests {
    typealias F = Fixtures

    @Test("rssi is the rounded mean of the cycle's samples; accuracy follows the iPhone 5 curve")
    func meanAndAccuracy() throws {
        var ranging = RangingEstimator(profile: .iOS)
        for rssi in [-70, -71, -73] {
            ranging.record(source: 0, identity: F.beaconA, rssi: rssi, measuredPower: -59, at: F.s(0.5))
        }
        let beacon = try #require(ranging.beacons(in: F.store, at: F.s(1)).first)
        #expect(beacon.rssi == -71)
        // r = 71/59 = 1.20339; 0.89976 · r^7.7095 + 0.111 = 3.8609 m.
        #expect(abs(beacon.accuracy - 3.8609) < 1e-3)
        #expect(beacon.proximity == .far)
    }

    @Test("ratio below 1 uses r^10; rssi 0 gives −1")
    func curveBranches() {
        #expect(abs(RangingEstimator.accuracy(rssi: -50, measuredPower: -59, profile: .iOS) - pow(50.0 / 59, 10)) < 1e-12)
        #expect(RangingEstimator.accuracy(rssi: 0, measuredPower: -59, profile: .iOS) == -1)
    }

    @Test("each beacon's accuracy is its own measured power's, whichever was tracked first")
    func accuracyPerMeasuredPower() {
        var ranging = RangingEstimator(profile: .iOS)
        ranging.record(source: 0, identity: F.beaconA, rssi: -70, measuredPower: -59, at: F.s(0.1))
        ranging.record(source: 1, identity: F.beaconB, rssi: -70, measuredPower: -65, at: F.s(0.2))
        let accuracies = Dictionary(
            uniqueKeysWithValues: ranging.beacons(in: F.store, at: F.s(1)).map { ($0.identity, $0.accuracy) })
        #expect(accuracies[F.beaconA] == RangingEstimator.accuracy(rssi: -70, measuredPower: -59, profile: .iOS))
        #expect(accuracies[F.beaconB] == RangingEstimator.accuracy(rssi: -70, measuredPower: -65, profile: .iOS))
        #expect(accuracies[F.beaconA] != accuracies[F.beaconB])
    }

    @Test("a cycle's accuracy equals the curve's for every reportable mean rssi")
    func accuracyOverTheRange() {
        for rssi in -127...126 {
            var ranging = RangingEstimator(profile: .androidABL)
            ranging.record(source: 0, identity: F.beaconA, rssi: rssi, measuredPower: -59, at: F.s(0.1))
            let accuracy = ranging.beacons(in: F.store, at: F.s(1)).first?.accuracy
            #expect(accuracy == RangingEstimator.accuracy(rssi: rssi, measuredPower: -59, profile: .androidABL))
        }
    }

    @Test("a missed beacon lingers as unknown with rssi 0 and accuracy −1, then is dropped")
    func linger() {
        var ranging = RangingEstimator(profile: .iOS)
        ranging.record(source: 0, identity: F.beaconA, rssi: -60, measuredPower: -59, at: F.s(0.5))
        ranging.endCycle(at: F.s(1))
        let missed = ranging.beacons(in: F.store, at: F.s(2))
        #expect(missed == [RangedBeacon(identity: F.beaconA, rssi: 0, accuracy: -1, proximity: .unknown)])
        ranging.endCycle(at: F.s(2))
        ranging.endCycle(at: F.s(3))
        ranging.endCycle(at: F.s(4))
        #expect(ranging.beacons(in: F.store, at: F.s(5)).isEmpty)
    }

    @Test("beacons are sorted nearest first, unknown last")
    func ordering() {
        var ranging = RangingEstimator(profile: .iOS)
        ranging.record(source: 0, identity: F.beaconA, rssi: -80, measuredPower: -59, at: F.s(0.1))
        ranging.record(source: 1, identity: F.beaconB, rssi: -60, measuredPower: -59, at: F.s(0.2))
        #expect(ranging.beacons(in: F.store, at: F.s(1)).map(\.identity) == [F.beaconB, F.beaconA])
    }
}
