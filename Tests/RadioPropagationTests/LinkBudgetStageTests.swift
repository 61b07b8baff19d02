// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import RadioPropagation
import TestSupport
import Testing

/// Each new stage of the link budget pinned against values computed by hand from rf.md.
@Suite("Link budget: floors, bystanders, collisions, receive offset, wall grid")
struct LinkBudgetStageTests {
    let east = PlanPoint(x: 1, y: 0)

    @Test("COST 231 floors: 18.3·F^((F+2)/(F+1)−0.46) = 18.3, 33.52, 43.59 dB for F = 1, 2, 3 (rf.md §3.5)")
    func cost231Floors() {
        let model = FloorLossModel()
        #expect(model.loss(floors: 0) == 0)
        #expect(abs(model.loss(floors: 1) - 18.3) < 1e-9)  // 18.3 · 1^… = 18.3
        #expect(abs(model.loss(floors: 2) - 33.52) < 0.01)  // 2^(4/3 − 0.46) = 2^0.8733 = 1.8319 → 33.52
        #expect(abs(model.loss(floors: 3) - 43.59) < 0.01)  // 3^(5/4 − 0.46) = 3^0.79 = 2.3820 → 43.59
    }

    @Test("P.1238 floors: 15 + 4(F − 1) = 15, 19, 23 dB (rf.md §3.4)")
    func p1238Floors() {
        let model = FloorLossModel(form: .p1238)
        #expect(model.loss(floors: 1) == 15)
        #expect(model.loss(floors: 2) == 19)
        #expect(model.loss(floors: 3) == 23)
    }

    @Test("knife-edge body loss reproduces rf.md §5's table (7.9, 10.6, 17.0, 12.9 dB)")
    func knifeEdge() {
        let λ = RadioConfiguration.wavelength
        // Mid-path of 10 m, 0.45 m person: v = 0.225·√(2/0.1229·(1/5 + 1/5)) = 0.574; J = 10.88; − 3.01 = 7.87.
        #expect(abs(KnifeEdge.bodyLoss(width: 0.45, d1: 5, d2: 5, wavelength: λ) - 7.9) < 0.05)
        // Other person 1 m from the phone, 9 m from the beacon: v = 0.96, J = 13.6, two edges 10.6.
        #expect(abs(KnifeEdge.bodyLoss(width: 0.45, d1: 1, d2: 9, wavelength: λ) - 10.6) < 0.05)
        // Front pocket, body 0.1 m from the phone, 0.35 m torso: v = 2.25, J = 20.0, two edges 17.0.
        #expect(abs(KnifeEdge.bodyLoss(width: 0.35, d1: 0.1, d2: 5, wavelength: λ) - 17.0) < 0.05)
        // Hand 0.3 m in front: v = 1.33, J = 15.9, two edges 12.9.
        #expect(abs(KnifeEdge.bodyLoss(width: 0.35, d1: 0.3, d2: 5, wavelength: λ) - 12.9) < 0.05)
    }

    @Test("crowd: N̄ = ρ·(π/4)·√λ·L^1.5 bodies in the first Fresnel zone; 7.87 dB each; capped at 20 dB")
    func crowd() {
        let square = PlanPolygon([
            PlanPoint(x: -1, y: -5), PlanPoint(x: 11, y: -5), PlanPoint(x: 11, y: 5), PlanPoint(x: -1, y: 5),
        ])
        // L = 10 m: (π/4)·√0.1229·10^1.5 = 0.7854 · 0.35057 · 31.623 = 8.707 m² of Fresnel strip.
        let light = CrowdLoss(zones: [CrowdZone(area: square, density: 0.1)])
        let result = light.loss(from: .zero, to: PlanPoint(x: 10, y: 0))
        #expect(abs(result.bodies - 0.8707) < 1e-3)
        #expect(abs(result.dB - 0.8707 * 7.87) < 0.05)  // 6.85 dB
        let dense = CrowdLoss(zones: [CrowdZone(area: square, density: 0.5)])
        #expect(dense.loss(from: .zero, to: PlanPoint(x: 10, y: 0)).dB == 20)  // 4.35 bodies × 7.87 = 34 → cap
        // Half the path in the zone: the strip is symmetric, so half the bodies.
        let half = PlanPolygon([PlanPoint(x: 5, y: -5), PlanPoint(x: 11, y: -5), PlanPoint(x: 11, y: 5), PlanPoint(x: 5, y: 5)])
        let halfCrowd = CrowdLoss(zones: [CrowdZone(area: half, density: 0.1)])
        #expect(abs(halfCrowd.expectedBodies(from: .zero, to: PlanPoint(x: 10, y: 0)) - 0.8707 / 2) < 1e-3)
        // Another floor's crowd does not count.
        let upstairs = CrowdLoss(zones: [CrowdZone(area: square, density: 0.5, floor: 1)])
        #expect(upstairs.expectedBodies(from: .zero, to: PlanPoint(x: 10, y: 0)) == 0)
    }

    @Test("moving bystanders: a body on the line costs 7.87 dB, one beside it 5.5 dB, one outside the Fresnel zone 0")
    func movingBodies() {
        let crowd = CrowdLoss(zones: [])
        let on = [BodyPosition(point: PlanPoint(x: 5, y: 0), floor: 0)]
        // Same as the mid-path knife-edge of rf.md §5: J(0.574) − 3.01 = 7.87 dB.
        #expect(abs(crowd.movingLoss(from: .zero, to: PlanPoint(x: 10, y: 0), floors: (0, 0), people: on) - 7.87) < 0.01)
        // Centre 0.225 m beside the line: edges at v = 0 (J = 6.03 dB) and v = 0.45·2.551 = 1.148
        // (J = 14.85 dB); −10·log10(10^−0.603 + 10^−1.485) = 5.49 dB.
        let beside = [BodyPosition(point: PlanPoint(x: 5, y: 0.225), floor: 0)]
        #expect(abs(crowd.movingLoss(from: .zero, to: PlanPoint(x: 10, y: 0), floors: (0, 0), people: beside) - 5.49) < 0.02)
        // r₁ at mid-path of 10 m is 0.55 m: a body 1 m away, behind an end, or upstairs does not count.
        for person in [
            BodyPosition(point: PlanPoint(x: 5, y: 1), floor: 0), BodyPosition(point: PlanPoint(x: -1, y: 0), floor: 0),
            BodyPosition(point: PlanPoint(x: 5, y: 0), floor: 1),
        ] {
            #expect(crowd.movingLoss(from: .zero, to: PlanPoint(x: 10, y: 0), floors: (0, 0), people: [person]) == 0)
        }
        // In the link budget: subtracted, capped with the crowd loss, and the path no longer LOS.
        let model = PropagationModel(configuration: RadioConfiguration(environment: .explicitWalls), walls: [])
        let blocked = model.meanPower(
            measuredPower: -59, beacon: PlanPoint(x: 10, y: 0), phone: .zero, heading: PlanPoint(x: 1, y: 0), body: .none,
            wallLoss: 0, movingBodyLoss: 30)
        #expect(abs(blocked.dBm - (-79 - 20)) < 1e-9)
        #expect(!blocked.lineOfSight)
    }

    @Test("collisions: 10 beacons at 100 ms → 1 − exp(−2·9·376 µs/105 ms) = 0.0624 (rf.md §9); capture at 9 dB")
    func collisions() {
        var meter = CollisionMeter(beacons: 10)
        for index in 0..<10 { meter.update(beacon: index, dBm: -70, interval: 0.1) }
        #expect(abs(meter.collisionProbability(wanted: 0, dBm: -70) - 0.0624) < 1e-3)
        // Interferers 10 dB weaker than the wanted signal are captured over (SIR 10 ≥ 9 dB).
        var captured = CollisionMeter(beacons: 3)
        captured.update(beacon: 0, dBm: -60, interval: 0.1)
        captured.update(beacon: 1, dBm: -70, interval: 0.1)
        captured.update(beacon: 2, dBm: -70, interval: 0.1)
        #expect(captured.collisionProbability(wanted: 0, dBm: -60) == 0)
        // …but the weaker ones collide with each other and with the strong one: 2 interferers.
        let two = 1 - exp(-2 * 2 * 376e-6 / 0.105)
        #expect(abs(captured.collisionProbability(wanted: 1, dBm: -70) - two) < 1e-9)
        captured.remove(beacon: 0)
        #expect(abs(captured.collisionProbability(wanted: 1, dBm: -70) - (1 - exp(-2 * 376e-6 / 0.105))) < 1e-9)
    }

    @Test("floors in the link budget: 3 m apart on the plan, 4 m storey → d = 5 m, minus 18.3 dB")
    func floorsInBudget() {
        var configuration = RadioConfiguration(environment: .explicitWalls)
        let model = PropagationModel(configuration: configuration, walls: [], floors: FloorStack(heights: [4, 4]))
        let result = model.meanPower(
            measuredPower: -59, beacon: PlanPoint(x: 3, y: 0), beaconFloor: 1, phone: .zero, phoneFloor: 0, heading: east,
            body: .none)
        // −59 − 20·log10(5) − 18.3 = −59 − 13.979 − 18.3 = −91.279
        #expect(abs(result.dBm - (-91.279)) < 1e-3)
        #expect(!result.lineOfSight)
        configuration.floorsEnabled = false
        let off = PropagationModel(configuration: configuration, walls: [], floors: FloorStack(heights: [4, 4]))
        let noSlab = off.meanPower(
            measuredPower: -59, beacon: PlanPoint(x: 3, y: 0), beaconFloor: 1, phone: .zero, phoneFloor: 0, heading: east,
            body: .none)
        #expect(abs(noSlab.dBm - (-72.979)) < 1e-3)
    }

    @Test("dual slope: n up to the breakpoint, 3.5 beyond (TGn D / TGax); 0 is one slope")
    func dualSlope() {
        let retail = RadioConfiguration(environment: .retail)
        #expect(abs(retail.distanceLoss(10) - 22) < 1e-9)  // 10·2.2·log10(10)
        #expect(abs(retail.distanceLoss(100) - (22 + 35)) < 1e-9)  // + 10·3.5·log10(100/10)
        var single = retail
        single.breakpointDistance = 0
        #expect(abs(single.distanceLoss(100) - 44) < 1e-9)
        let model = PropagationModel(configuration: retail, walls: [])
        let far = model.meanPower(measuredPower: -59, beacon: PlanPoint(x: 100, y: 0), phone: .zero, heading: east, body: .none)
        #expect(abs(far.dBm - (-59 - 57)) < 1e-9)
    }

    @Test("measuredPowerOffset moves the 1 m level; the body stage costs nothing facing the beacon in hand")
    func measuredPowerOffset() {
        var configuration = RadioConfiguration(environment: .explicitWalls)
        configuration.measuredPowerOffset = 6
        let model = PropagationModel(configuration: configuration, walls: [])
        let ahead = model.meanPower(measuredPower: -59, beacon: PlanPoint(x: 1, y: 0), phone: .zero, heading: east, body: .hand)
        #expect(abs(ahead.dBm - (-53)) < 1e-9)
        let behind = model.meanPower(measuredPower: -59, beacon: PlanPoint(x: -1, y: 0), phone: .zero, heading: east, body: .hand)
        #expect(abs(behind.dBm - (-61)) < 1e-9)
    }

    @Test("the wall grid counts exactly what the linear scan counts, walls on cell lines included")
    func wallGrid() {
        var generator = SplitMix64(seed: 42)
        var walls: [WallSegment] = []
        for x in stride(from: 0.0, through: 100, by: 5) {  // walls exactly on the 5 m grid lines
            walls.append(WallSegment(from: PlanPoint(x: x, y: 0), to: PlanPoint(x: x, y: 40), lossDB: 3))
        }
        for _ in 0..<300 {
            let a = PlanPoint(x: .random(in: 0...100, using: &generator), y: .random(in: 0...60, using: &generator))
            let b = a + PlanPoint(x: .random(in: -8...8, using: &generator), y: .random(in: -8...8, using: &generator))
            walls.append(WallSegment(from: a, to: b, lossDB: .random(in: 1...12, using: &generator)))
        }
        let grid = WallIndex(walls: walls, cellSize: 5)
        #expect(grid.columns > 0)
        for _ in 0..<2000 {
            let p = PlanPoint(x: .random(in: -10...110, using: &generator), y: .random(in: -10...70, using: &generator))
            let q = PlanPoint(x: .random(in: -10...110, using: &generator), y: .random(in: -10...70, using: &generator))
            #expect(abs(grid.loss(from: p, to: q) - grid.linearLoss(from: p, to: q) { _ in true }) < 1e-9)
        }
        // Grid walls only, with the pitch equal to their spacing: a diagonal through the cell corners
        // where it crosses x = 5, 10, 15, 20 counts each of the four walls once (12 dB).
        let aligned = WallIndex(
            walls: Array(walls.prefix(21))
                + (0..<10).map { k in
                    WallSegment(
                        from: PlanPoint(x: 3 + 9 * Double(k), y: 50), to: PlanPoint(x: 4 + 9 * Double(k), y: 55), lossDB: 1)
                }, cellSize: 5)
        #expect(aligned.columns > 0)
        #expect(abs(aligned.loss(from: PlanPoint(x: 2.5, y: 2.5), to: PlanPoint(x: 22.5, y: 22.5)) - 12) < 1e-9)
        // Along a wall line (collinear, not a crossing) and ending exactly on a wall (touching).
        #expect(aligned.loss(from: PlanPoint(x: 10, y: 1), to: PlanPoint(x: 10, y: 30)) == 0)
        #expect(aligned.loss(from: PlanPoint(x: 7, y: 3), to: PlanPoint(x: 10, y: 3)) == 0)
    }

    @Test("reception model: a hard threshold in deterministic mode; fading makes it gradual")
    func reception() {
        let hard = ReceptionModel(configuration: RadioConfiguration(environment: .explicitWalls).deterministic)
        #expect(hard.hearProbability(dBm: -94, lineOfSight: true, packets: 30) == 1)
        #expect(hard.hearProbability(dBm: -96, lineOfSight: true, packets: 30) == 0)
        let soft = ReceptionModel(configuration: RadioConfiguration(environment: .explicitWalls))
        let one = soft.hearProbability(dBm: -95, lineOfSight: false, packets: 1)
        let thirty = soft.hearProbability(dBm: -95, lineOfSight: false, packets: 30)
        #expect(one > 0.2 && one < 0.8)
        #expect(thirty > one)
        #expect(soft.hearProbability(dBm: -60, lineOfSight: true, packets: 30) > 0.999)
    }
}

@Suite("collision meter and wall profile bounds")
struct SkipBoundTests {
    /// A query sums only tree nodes within the bins at or above its threshold, so updates of
    /// beacons below it cannot change the result in any bit (`LinkTable+Quiet` relies on it).
    @Test("the collision probability of a strong packet is bit-identical whatever the weak beacons do")
    func meterIgnoresWeakBeacons() {
        var meter = CollisionMeter(beacons: 6, capture: 9)
        for (beacon, level) in [(0, -60.0), (1, -62.5), (2, -66.0)] { meter.update(beacon: beacon, dBm: level, interval: 0.1) }
        var other = meter
        let before = meter.collisionProbability(wanted: 0, dBm: -60)
        for (beacon, level) in [(3, -120.0), (4, -101.0), (5, -140.0), (3, -99.0), (4, -130.0)] {
            other.update(beacon: beacon, dBm: level, interval: 0.1)
        }
        other.remove(beacon: 5)
        #expect(before > 0)
        #expect(other.collisionProbability(wanted: 0, dBm: -60).bitPattern == before.bitPattern)
    }

    @Test("the smallest wall loss over part of a leg covers every interval it touches")
    func profileMinimum() {
        let walls = WallIndex(walls: [
            WallSegment(from: PlanPoint(x: 4, y: -5), to: PlanPoint(x: 4, y: 5), lossDB: 12),
            WallSegment(from: PlanPoint(x: 8, y: -5), to: PlanPoint(x: 8, y: 5), lossDB: 3),
        ])
        // Beacon at x = 0; the phone walks x = 2 → 10 along y = 0: 0 dB, then 12 dB (x > 4), then 15 dB (x > 8).
        let profile = WallLossProfile(walls: walls, beacon: .zero, from: PlanPoint(x: 2, y: 0), to: PlanPoint(x: 10, y: 0))
        let concrete = 12.0, both = 15.0
        #expect(profile.minimumLoss(from: 0, to: 0.1) == 0)
        #expect(profile.minimumLoss(from: 0.3, to: 0.6) == concrete)
        #expect(profile.minimumLoss(from: 0.8, to: 1) == both)
        #expect(profile.minimumLoss(from: 0.6, to: 1) == concrete)
        #expect(profile.minimumLoss(from: 0.1, to: 0.9) == 0)
    }

    /// Walls crossed on the way to both ends of a stretch block the whole stretch: their sum bounds
    /// the loss to every point between from below, with and without the grid, and is tight when the
    /// stretch is one point.
    @Test("the walls shared by the paths to both ends bound the loss to every point between")
    func sharedLossBounds() {
        var walls: [WallSegment] = []
        for k in 0..<40 {  // a comb of walls and a few long ones, enough for the grid (≥ 24)
            let x = Double(k) * 2.5
            walls.append(WallSegment(from: PlanPoint(x: x, y: 5), to: PlanPoint(x: x + 1.5, y: 25), lossDB: 3))
        }
        walls.append(WallSegment(from: PlanPoint(x: -10, y: 12), to: PlanPoint(x: 120, y: 13), lossDB: 12))
        walls.append(WallSegment(from: PlanPoint(x: 40, y: 0), to: PlanPoint(x: 60, y: 30), lossDB: 7))
        let grid = WallIndex(walls: walls), linear = WallIndex(walls: Array(walls.prefix(20)) + walls.suffix(2))
        let beacon = PlanPoint(x: 50, y: 1)
        for index in [grid, linear] {
            for start in 0..<12 {
                let a = PlanPoint(x: Double(start) * 9, y: 28), b = PlanPoint(x: Double(start) * 9 + 6, y: 22)
                let shared = index.sharedLoss(from: beacon, to: a, alsoTo: b)
                #expect(shared == index.sharedLoss(from: beacon, to: b, alsoTo: a))
                #expect(index.sharedLoss(from: beacon, to: a, alsoTo: a) == index.loss(from: beacon, to: a))
                for step in 0...20 {
                    let point = a + (b - a) * (Double(step) / 20)
                    #expect(index.loss(from: beacon, to: point) >= shared, "\(start) \(step)")
                }
            }
        }
        #expect(grid.sharedLoss(from: beacon, to: PlanPoint(x: 50, y: 28), alsoTo: PlanPoint(x: 56, y: 22)) >= 12)
    }

    /// The quiet-link bound (`LinkTable+Quiet`) must hold for every term of the budget: the venue
    /// offset, the dual slope, the beacons' height, slabs and the carrier's body at any heading.
    @Test("the best mean power bounds the mean power at every farther point, any heading, more walls")
    func bestMeanPowerBounds() {
        var configuration = RadioConfiguration(environment: .retail)
        configuration.measuredPowerOffset = 3
        configuration.beaconHeight = 3
        let floors = FloorStack(heights: [4, 4])
        let model = PropagationModel(configuration: configuration, walls: [], floors: floors)
        let beacon = PlanPoint(x: 0, y: 0)
        for phoneFloor in 0...1 {
            for bound in [0.2, 3, 9.5, 10, 25, 80] {
                let best = model.bestMeanPower(
                    measuredPower: -59, planDistance: bound, beaconFloor: 0, phoneFloor: phoneFloor, wallLoss: 4, body: .hand)
                for step in 0..<40 {
                    let distance = bound + Double(step) * 0.37, angle = Double(step) * 0.61
                    let phone = PlanPoint(x: distance * cos(angle), y: distance * sin(angle))
                    let heading = PlanPoint(x: cos(angle * 3), y: sin(angle * 3))
                    let mean = model.meanPower(
                        measuredPower: -59, beacon: beacon, phone: phone, phoneFloor: phoneFloor, heading: heading,
                        body: .hand, wallLoss: 4 + Double(step % 3))
                    #expect(mean.dBm <= best + 1e-9, "floor \(phoneFloor), \(distance) m")
                }
                // Tight: facing the beacon at the bound, with the bound's walls.
                let facing = model.meanPower(
                    measuredPower: -59, beacon: beacon, phone: PlanPoint(x: bound, y: 0), phoneFloor: phoneFloor,
                    heading: PlanPoint(x: -1, y: 0), body: .hand, wallLoss: 4)
                #expect(abs(facing.dBm - best) < 1e-9)
            }
        }
    }
}
