// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import RadioPropagation

@Suite("WallLossProfile")
struct WallLossProfileTests {
    /// A mall-like floor: shop dividers, shop fronts with door gaps and outer walls (whole-dB
    /// losses, so sums do not depend on the order walls are added in).
    static let walls: WallIndex = {
        var walls: [WallSegment] = []
        func wall(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ loss: Double) {
            walls.append(WallSegment(from: PlanPoint(x: x0, y: y0), to: PlanPoint(x: x1, y: y1), lossDB: loss))
        }
        for k in 1..<10 {
            wall(12 * Double(k), 0, 12 * Double(k), 30, 3)
            wall(12 * Double(k), 50, 12 * Double(k), 80, 3)
        }
        for k in 0..<10 {
            for y in [30.0, 50.0] { wall(12 * Double(k) + 2, y, 12 * Double(k) + 10, y, 7) }
        }
        walls.append(WallSegment(from: PlanPoint(x: 0, y: 0), to: PlanPoint(x: 120, y: 0), lossDB: 12))
        walls.append(WallSegment(from: PlanPoint(x: 0, y: 80), to: PlanPoint(x: 120, y: 80), lossDB: 12))
        return WallIndex(walls: walls)
    }()

    /// Legs through shops and along the corridor, from beacons in shops and in the corridor.
    static let cases: [(beacon: PlanPoint, from: PlanPoint, to: PlanPoint)] = [
        (PlanPoint(x: 3, y: 4), PlanPoint(x: 5, y: 40), PlanPoint(x: 115, y: 40)),
        (PlanPoint(x: 63, y: 76), PlanPoint(x: 115, y: 41), PlanPoint(x: 5, y: 39)),
        (PlanPoint(x: 57, y: 44), PlanPoint(x: 25, y: 2), PlanPoint(x: 25, y: 78)),
        (PlanPoint(x: 9, y: 20), PlanPoint(x: 13.5, y: 52), PlanPoint(x: 100.5, y: 29)),
        (PlanPoint(x: 111, y: 68), PlanPoint(x: 61, y: 48), PlanPoint(x: 61, y: 56)),
    ]

    /// The step function holds the loss of every point of the leg (away from its breakpoints, where
    /// the set of walls crossed changes), and each breakpoint is a real change of loss: intervals of
    /// equal loss are merged, so a walker's cursor moves only where the figure changes.
    @Test("the profile is the wall loss along the leg, with a breakpoint only where the loss changes")
    func stepFunction() {
        for (beacon, from, to) in Self.cases {
            let profile = WallLossProfile(walls: Self.walls, beacon: beacon, from: from, to: to)
            #expect(profile.losses.count == profile.breakpoints.count + 1)
            #expect(zip(profile.breakpoints, profile.breakpoints.dropFirst()).allSatisfy { $0 < $1 })
            #expect(profile.breakpoints.allSatisfy { $0 > 0 && $0 < 1 })
            #expect(zip(profile.losses, profile.losses.dropFirst()).allSatisfy { $0 != $1 })
            #expect(!profile.breakpoints.isEmpty)  // every case crosses at least one change
            var cursor = WallLossProfile.Cursor(profile)
            for step in 0...4_000 {
                let s = Double(step) / 4_000
                guard profile.breakpoints.allSatisfy({ abs($0 - s) > 1e-6 }) else { continue }
                let expected = Self.walls.loss(from: beacon, to: from + (to - from) * s)
                #expect(cursor.loss(at: s) == expected, "beacon \(beacon), leg \(from) → \(to), s = \(s)")
            }
        }
    }

    /// The cursor answers a stretch inside its current interval without the profile's arrays;
    /// every answer must be the profile's own, also for stretches that start or end on a
    /// breakpoint (where the neighbouring interval counts) or reach past the interval.
    @Test("the cursor's minimum over a stretch is the profile's")
    func cursorMinimum() {
        for (beacon, from, to) in Self.cases {
            let profile = WallLossProfile(walls: Self.walls, beacon: beacon, from: from, to: to)
            var cursor = WallLossProfile.Cursor(profile)
            let points = (0...200).map { Double($0) / 200 } + profile.breakpoints
            for s0 in points.sorted() {
                _ = cursor.loss(at: s0)
                for s1 in points where s1 >= s0 {
                    #expect(cursor.minimumLoss(from: s0, to: s1) == profile.minimumLoss(from: s0, to: s1))
                }
            }
        }
    }

    /// A leg that stands still (a dwell) is one interval: the loss at the point.
    @Test("a dwell leg has no breakpoint and the loss of its one point")
    func dwell() {
        let (beacon, point) = (PlanPoint(x: 3, y: 4), PlanPoint(x: 40, y: 40))
        let profile = WallLossProfile(walls: Self.walls, beacon: beacon, from: point, to: point)
        #expect(profile.breakpoints.isEmpty)
        #expect(profile.losses == [Self.walls.loss(from: beacon, to: point)])
    }
}
