// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import RadioPropagation

@Suite("WallLossProfile")
struct WallLossProfileTests {
    /// A mall-like floor: shop dividers, shop fronts with door gaps and outer walls (whole-dB
    /// losses, so sums do not depend on the order walls are added in).
    static let walls = mall(scale: 1)

    /// The mall's walls with every loss times `scale` (0.9: 2.7, 6.3 and 10.8 dB, whose sums
    /// depend on their order, so profiles walk the grid).
    static func mall(scale: Double) -> WallIndex {
        var walls: [WallSegment] = []
        func wall(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ loss: Double) {
            walls.append(WallSegment(from: PlanPoint(x: x0, y: y0), to: PlanPoint(x: x1, y: y1), lossDB: loss * scale))
        }
        for k in 1..<10 {
            wall(12 * Double(k), 0, 12 * Double(k), 30, 3)
            wall(12 * Double(k), 50, 12 * Double(k), 80, 3)
        }
        for k in 0..<10 {
            for y in [30.0, 50.0] { wall(12 * Double(k) + 2, y, 12 * Double(k) + 10, y, 7) }
        }
        wall(0, 0, 120, 0, 12)
        wall(0, 80, 120, 80, 12)
        return WallIndex(walls: walls)
    }

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
    /// Whole-dB walls, whose intervals are summed over the walls near the leg, and walls whose
    /// sums depend on their order, whose intervals walk the grid: the same figures either way.
    @Test(
        "the profile is the wall loss along the leg, with a breakpoint only where the loss changes",
        arguments: [1, 0.9])
    func stepFunction(scale: Double) {
        let walls = Self.mall(scale: scale)
        #expect(walls.sumsAreExact == (scale == 1) && walls.scans == (scale == 1))
        for (beacon, from, to) in Self.cases {
            let profile = WallLossProfile(walls: walls, beacon: beacon, from: from, to: to)
            #expect(profile.losses.count == profile.breakpoints.count + 1)
            #expect(zip(profile.breakpoints, profile.breakpoints.dropFirst()).allSatisfy { $0 < $1 })
            #expect(profile.breakpoints.allSatisfy { $0 > 0 && $0 < 1 })
            #expect(zip(profile.losses, profile.losses.dropFirst()).allSatisfy { $0 != $1 })
            #expect(!profile.breakpoints.isEmpty)  // every case crosses at least one change
            var cursor = WallLossProfile.Cursor(profile)
            for step in 0...4_000 {
                let s = Double(step) / 4_000
                guard profile.breakpoints.allSatisfy({ abs($0 - s) > 1e-6 }) else { continue }
                let expected = walls.loss(from: beacon, to: from + (to - from) * s)
                #expect(cursor.loss(at: s) == expected, "beacon \(beacon), leg \(from) → \(to), s = \(s)")
            }
        }
    }

    /// With exact sums, the walls near a triangle give every path from its apex to its far side
    /// the grid walk's loss to the last bit (the profile's shortcut), the scan of all walls gives
    /// the grid's shared loss (the quiet test's), and only a loss that is not
    /// a multiple of 2⁻¹⁰ dB, or one too large, or not a number, turns exact sums off.
    @Test("the walls near a triangle sum to the grid walk's loss when sums are exact")
    func candidateSums() {
        for (beacon, from, to) in Self.cases {
            let near = Self.walls.candidates(apex: beacon, from, to)
            #expect(near.count < Self.walls.count)
            for step in 0...2_000 {
                let point = from + (to - from) * (Double(step) / 2_000)
                let grid = Self.walls.loss(from: beacon, to: point)
                #expect(Self.walls.loss(from: beacon, to: point, among: near).bitPattern == grid.bitPattern)
                // The walls shared by the paths to `from` and to the point: scanned, as the grid.
                let shared = Self.walls.gridLoss(from: beacon, to: from) { $0.isCrossed(from: beacon, to: point) }
                #expect(Self.walls.sharedLoss(from: beacon, to: from, alsoTo: point).bitPattern == shared.bitPattern)
            }
        }
        func index(_ loss: Double) -> WallIndex {
            WallIndex(walls: [WallSegment(from: .zero, to: PlanPoint(x: 1, y: 0), lossDB: loss)])
        }
        #expect(index(3.25).sumsAreExact && index(0x1p-10).sumsAreExact)
        #expect(!index(2.7).sumsAreExact && !index(0x1p43).sumsAreExact && !index(.nan).sumsAreExact)
        // Past `scanThreshold` walls the grid is walked even with exact sums.
        let many = (0...WallIndex.scanThreshold).map { k in
            WallSegment(from: PlanPoint(x: Double(k), y: 0), to: PlanPoint(x: Double(k), y: 1), lossDB: 3)
        }
        #expect(WallIndex(walls: many).sumsAreExact && !WallIndex(walls: many).scans)
        #expect(WallIndex(walls: Array(many.dropLast())).scans)
    }

    /// The cursor answers a stretch inside its current interval without the profile's arrays;
    /// every answer must be the profile's own, also for stretches that start or end on a
    /// breakpoint (where the neighbouring interval counts) or reach past the interval.
    @Test("the cursor's minimum over a stretch is the profile's")
    func cursorMinimum() {
        for (beacon, from, to) in Self.cases {
            let profile = WallLossProfile(walls: Self.walls, beacon: beacon, from: from, to: to)
            var cursor = WallLossProfile.Cursor(profile)
            let start = WallLossProfile.Cursor(profile)  // left at the leg's start: s0 lies elsewhere
            let points = (0...200).map { Double($0) / 200 } + profile.breakpoints
            for s0 in points.sorted() {
                _ = cursor.loss(at: s0)
                for s1 in points where s1 >= s0 {
                    #expect(cursor.minimumLoss(from: s0, to: s1) == profile.minimumLoss(from: s0, to: s1))
                    #expect(start.minimumLoss(from: s0, to: s1) == profile.minimumLoss(from: s0, to: s1))
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
