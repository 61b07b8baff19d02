// SPDX-License-Identifier: GPL-3.0-or-later

/// The wall loss on the straight path from a fixed beacon to a phone moving along one straight leg
/// A→B, as a step function of the leg fraction s ∈ [0, 1].
///
/// The set of walls the segment beacon→p(s) crosses can only change where p(s) crosses a wall, or
/// where the line beacon→p(s) passes a wall end point; between those breakpoints it is constant.
/// So the loss is computed exactly once per interval, and a walker's every packet on the leg costs
/// a cursor step instead of a test against every wall (the phone moves ~12 cm per advertising
/// interval; bench/mall-1h.md asks for exactly this kind of saving).
public struct WallLossProfile: Sendable {
    /// Increasing fractions in (0, 1) at which the loss may change.
    public let breakpoints: [Double]
    /// `losses[i]` holds on (breakpoints[i − 1], breakpoints[i]); one more entry than breakpoints.
    public let losses: [Double]

    /// Profile of `walls` for a beacon at `beacon` and a phone moving from `from` to `to`.
    public init(walls: WallIndex, beacon: PlanPoint, from: PlanPoint, to: PlanPoint) {
        guard from != to else {
            breakpoints = []
            losses = [walls.loss(from: beacon, to: from)]
            return
        }
        var cuts: [Double] = []
        let direction = to - from
        for wall in walls.walls {
            // The phone crosses the wall itself.
            if let s = Self.intersection(from: from, direction: direction, segmentStart: wall.from, segmentEnd: wall.to) {
                cuts.append(s)
            }
            // The sight line passes a wall end point: p(s) on the ray beacon→end point.
            for end in [wall.from, wall.to] {
                let ray = end - beacon
                guard ray.length > 0 else { continue }
                let far = beacon + ray * 1e6
                if let s = Self.intersection(from: from, direction: direction, segmentStart: beacon, segmentEnd: far) {
                    cuts.append(s)
                }
            }
        }
        let sorted = Array(Set(cuts.filter { $0 > 0 && $0 < 1 })).sorted()
        var bounds = [0.0] + sorted + [1.0]
        if bounds.count < 2 { bounds = [0, 1] }
        var losses: [Double] = []
        for index in 1..<bounds.count {
            let middle = (bounds[index - 1] + bounds[index]) / 2
            losses.append(walls.loss(from: beacon, to: from + direction * middle))
        }
        breakpoints = sorted
        self.losses = losses
    }

    /// The fraction s ∈ [0, 1] at which p(s) = from + s·direction meets the segment start→end,
    /// or nil when they do not meet (parallel lines count as not meeting).
    static func intersection(from: PlanPoint, direction: PlanPoint, segmentStart: PlanPoint, segmentEnd: PlanPoint) -> Double? {
        guard
            let (s, u) = PlanPoint.intersection(
                origin: from, direction: direction, edgeStart: segmentStart, edge: segmentEnd - segmentStart)
        else { return nil }
        return s >= 0 && s <= 1 && u >= 0 && u <= 1 ? s : nil
    }

    /// The smallest loss anywhere on [s0, s1] (s0 ≤ s1), including the intervals either side of a
    /// breakpoint that falls on an end.
    public func minimumLoss(from s0: Double, to s1: Double) -> Double {
        var first = 0  // the first breakpoint ≥ s0, by bisection (a leg may have a hundred)
        var end = breakpoints.count
        while first < end {
            let middle = (first + end) / 2
            if breakpoints[middle] < s0 { first = middle + 1 } else { end = middle }
        }
        var last = first
        while last < breakpoints.count, breakpoints[last] <= s1 { last += 1 }
        return losses[first...last].min() ?? 0
    }

    /// A forward cursor for increasing fractions on one leg. The current interval's bounds and
    /// loss are kept in the cursor, so a query within it reads no array.
    public struct Cursor: Sendable {
        public let profile: WallLossProfile
        @usableFromInline var index = 0
        /// The current interval [low, high) and its loss.
        @usableFromInline var low = -Double.infinity
        @usableFromInline var high: Double
        @usableFromInline var current: Double

        public init(_ profile: WallLossProfile) {
            self.profile = profile
            high = profile.breakpoints.first ?? .infinity
            current = profile.losses[0]
        }

        /// The loss at fraction `s`; O(1) amortised for non-decreasing `s`.
        @inlinable public mutating func loss(at s: Double) -> Double {
            if s >= low, s < high { return current }
            let breakpoints = profile.breakpoints
            if index > 0, s < breakpoints[index - 1] { index = 0 }
            while index < breakpoints.count, s >= breakpoints[index] { index += 1 }
            low = index > 0 ? breakpoints[index - 1] : -.infinity
            high = index < breakpoints.count ? breakpoints[index] : .infinity
            current = profile.losses[index]
            return current
        }
    }
}
