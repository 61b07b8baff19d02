// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import RadioPropagation
import Testing

@Suite("Link budget stages")
struct PropagationModelTests {
    func model(
        _ preset: EnvironmentPreset = .retail, walls: [WallSegment] = [], adjust: (inout RadioConfiguration) -> Void = { _ in }
    )
        -> PropagationModel
    {
        var configuration = RadioConfiguration(environment: preset)
        adjust(&configuration)
        return PropagationModel(configuration: configuration, walls: walls)
    }

    let east = PlanPoint(x: 1, y: 0)

    @Test("path loss: −59 dBm at 1 m, n = 2.2, 10 m → −81 dBm (hand-computed)")
    func pathLoss() {
        let result = model().meanPower(
            measuredPower: -59, beacon: PlanPoint(x: 10, y: 0), phone: .zero, heading: east, body: .none)
        #expect(abs(result.dBm - (-81)) < 1e-9)
        #expect(result.lineOfSight)
    }

    @Test("distances are clamped at 0.5 m")
    func clamp() {
        let result = model().meanPower(
            measuredPower: -59, beacon: PlanPoint(x: 0.1, y: 0), phone: .zero, heading: east, body: .none)
        #expect(abs(result.dBm - (-59 + 22 * log10(2))) < 1e-9)
    }

    @Test("each crossed wall adds its loss once; touching an end point is not a crossing; the sum is capped")
    func walls() {
        let brick = WallSegment(from: PlanPoint(x: 5, y: -5), to: PlanPoint(x: 5, y: 5), lossDB: Material.brick.lossDB)
        let concrete = WallSegment(from: PlanPoint(x: 7, y: -5), to: PlanPoint(x: 7, y: 5), lossDB: Material.concrete.lossDB)
        let endOnPath = WallSegment(from: PlanPoint(x: 3, y: 0), to: PlanPoint(x: 3, y: 5), lossDB: 100)
        let index = WallIndex(walls: [brick, concrete, endOnPath])
        #expect(index.loss(from: .zero, to: PlanPoint(x: 10, y: 0)) == 19)
        #expect(index.loss(from: .zero, to: PlanPoint(x: 6, y: 0)) == 7)
        let capped = model(walls: [brick, concrete, concrete, concrete]) { $0.wallLossCap = 30 }
        let result = capped.meanPower(
            measuredPower: -59, beacon: PlanPoint(x: 10, y: 0), phone: .zero, heading: east, body: .none)
        #expect(abs(result.dBm - (-81 - 30)) < 1e-9)
        #expect(!result.lineOfSight)
    }

    @Test("body loss: pocket 4.5 dB ahead, 17 dB behind, the mean of the two side-on (rf.md §5)")
    func bodyLoss() {
        let pocket = BodyLossModel.pocket
        #expect(pocket.loss(heading: east, toBeacon: PlanPoint(x: 5, y: 0)) == 4.5)
        #expect(pocket.loss(heading: east, toBeacon: PlanPoint(x: -5, y: 0)) == 17)
        #expect(abs(pocket.loss(heading: east, toBeacon: PlanPoint(x: 0, y: 5)) - 10.75) < 1e-9)
        #expect(pocket.loss(heading: east, toBeacon: PlanPoint(x: 5, y: 2)) == 4.5)  // 21.8° is within the 30° cone
    }

    @Test("the body stage can be switched off")
    func bodySwitch() {
        let off = model { $0.bodyLossEnabled = false }
        let result = off.meanPower(
            measuredPower: -59, beacon: PlanPoint(x: -10, y: 0), phone: .zero, heading: east, body: .pocket)
        #expect(abs(result.dBm - (-81)) < 1e-9)
    }

    @Test(
        "PER matches the rf.md §8 AWGN table",
        arguments: [(-94.0, 0.000), (-96.0, 0.027), (-97.0, 0.124), (-98.0, 0.375), (-99.0, 0.731), (-100.0, 0.951)])
    func awgnTable(rssi: Double, expected: Double) {
        #expect(abs(PacketErrorCurve.awgnPER(rssi: rssi) - expected) < 0.006)
    }

    @Test("the shifted PER curve is 50 % at the phone's sensitivity and ~0 / ~1 three dB either side")
    func shiftedCurve() {
        let curve = PacketErrorCurve(sensitivity: -95)
        #expect(abs(curve.packetErrorRate(rssi: -95) - 0.5) < 0.03)
        #expect(curve.packetErrorRate(rssi: -92) < 0.01)
        #expect(curve.packetErrorRate(rssi: -98) > 0.99)
        #expect(curve.packetErrorRate(rssi: -60) == 0)
        #expect(curve.packetErrorRate(rssi: -130) == 1)
    }
}
