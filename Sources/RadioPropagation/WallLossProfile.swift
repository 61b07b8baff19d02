// SPDX-License-Identifier: GPL-3.0-or-later

/// The wall loss on the straight path from a fixed beacon to a phone moving along one straight leg
/// A→B, as a step function of the leg fraction s ∈ [0, 1].
///
/// The set of walls the segment beacon→p(s) crosses can only change where p(s) crosses a wall, or
/// where the line beacon→p(s) passes a wall end point; between those breakpoints it is constant.
/// So the loss is computed exactly once per interval (neighbouring intervals of equal loss are
/// merged), and a walker's every packet on the leg costs a cursor step instead of a test against
/// every wall (the phone moves ~12 cm per advertising interval; bench/mall-1h.md asks for exactly
/// this kind of saving).
public struct WallLossProfile: Sendable {
    /// The intervals in order, each from its `start` up to the next one's, with its loss, dB; the
    /// first starts at −∞, the others at the fractions in (0, 1) where the loss changes. One array
    /// of pairs, not two, so a cursor step or a minimum touches one allocation (a crowd's profiles
    /// do not fit in the cache).
    @usableFromInline let steps: [(start: Double, loss: Double)]

    /// Increasing fractions in (0, 1) at which the loss changes.
    public var breakpoints: [Double] { steps.dropFirst().map(\.start) }
    /// `losses[i]` holds on (breakpoints[i − 1], breakpoints[i]); one more entry than breakpoints.
    public var losses: [Double] { steps.map(\.loss) }

    /// Profile of `walls` for a beacon at `beacon` and a phone moving from `from` to `to`.
    public init(walls: WallIndex, beacon: PlanPoint, from: PlanPoint, to: PlanPoint) {
        guard from != to else {
            steps = [(-.infinity, walls.loss(from: beacon, to: from))]
            return
        }
        var cuts: [Double] = []  // fractions in (0, 1) where the loss may change
        cuts.reserveCapacity(3 * walls.walls.count)
        let direction = to - from
        // Where the sum of losses is the same in any order, a sight line that passes an end point
        // beyond p(s) changes no crossing, so that cut is left out: fewer intervals, the same steps.
        let nearerThanEnd = walls.sumsAreExact ? Self.beforeEndPoint / Self.rayFactor : 0
        func cut(_ start: PlanPoint, _ end: PlanPoint, from least: Double = 0) {
            if let (s, u) = Self.intersection(from: from, direction: direction, segmentStart: start, segmentEnd: end),
                s > 0, s < 1, u >= least
            {
                cuts.append(s)
            }
        }
        // With exact sums and few walls (`WallIndex.scans`), each interval's loss adds up the walls
        // near the triangle beacon–A–B instead of walking the grid: the same figure, cheaper.
        let near = walls.scans ? walls.candidates(apex: beacon, from, to) : nil
        func addCuts(of wall: WallSegment) {
            cut(wall.from, wall.to)  // the phone crosses the wall itself
            // The sight line passes a wall end point: p(s) on the ray beacon→end point.
            if (wall.from - beacon).length > 0 {
                cut(beacon, beacon + (wall.from - beacon) * Self.rayFactor, from: nearerThanEnd)
            }
            if (wall.to - beacon).length > 0 { cut(beacon, beacon + (wall.to - beacon) * Self.rayFactor, from: nearerThanEnd) }
        }
        // Only the walls near the triangle are crossed by a sight line, so only theirs change the
        // loss: another wall's cuts would split intervals of equal loss, which are merged below.
        if let near {
            for index in near { addCuts(of: walls.walls[Int(index)]) }
        } else {
            for wall in walls.walls { addCuts(of: wall) }
        }
        cuts.sort()
        // The loss of each interval between cuts, at its middle (a cut found twice bounds no
        // interval); a breakpoint between two intervals of the same loss is dropped (most sight
        // lines pass wall ends the path does not reach), so a walking phone's cursor moves only
        // where the loss really changes.
        var steps: [(start: Double, loss: Double)] = []
        steps.reserveCapacity(cuts.count + 1)
        var low = 0.0
        for index in 0...cuts.count {
            let high = index < cuts.count ? cuts[index] : 1
            if index > 0, high == low { continue }
            let middle = from + direction * ((low + high) / 2)
            let loss = near.map { walls.loss(from: beacon, to: middle, among: $0) } ?? walls.loss(from: beacon, to: middle)
            if steps.last?.loss != loss { steps.append((index > 0 ? low : -.infinity, loss)) }
            low = high
        }
        self.steps = steps
    }

    /// The fraction s ∈ [0, 1] at which p(s) = from + s·direction meets the segment start→end,
    /// and the fraction u ∈ [0, 1] of the segment where they meet, or nil when they do not meet
    /// (parallel lines count as not meeting).
    static func intersection(
        from: PlanPoint, direction: PlanPoint, segmentStart: PlanPoint, segmentEnd: PlanPoint
    ) -> (s: Double, u: Double)? {
        guard
            let (s, u) = PlanPoint.intersection(
                origin: from, direction: direction, edgeStart: segmentStart, edge: segmentEnd - segmentStart)
        else { return nil }
        return s >= 0 && s <= 1 && u >= 0 && u <= 1 ? (s, u) : nil
    }

    /// A sight line's ray is the vector beacon→end point times this: the end point lies at
    /// fraction 1 / `rayFactor` of the ray.
    static let rayFactor = 1e6
    /// The fraction of the distance to a wall end point within which the phone is surely nearer
    /// than the end point, whatever the rounding of the ray's fraction.
    static let beforeEndPoint = 0.999

    /// The smallest loss anywhere on [s0, s1] (s0 ≤ s1), including the intervals either side of a
    /// breakpoint that falls on an end.
    public func minimumLoss(from s0: Double, to s1: Double) -> Double {
        var first = 0  // the first breakpoint ≥ s0 (the start of step first + 1), by bisection
        var end = steps.count - 1
        while first < end {
            let middle = (first + end) / 2
            if steps[middle + 1].start < s0 { first = middle + 1 } else { end = middle }
        }
        return minimumLoss(fromBreakpoint: first, to: s1)
    }

    /// The smallest loss of the intervals from the one ending at breakpoint `first` (step
    /// `first`, whose successor starts there) to the one holding `s1`.
    @usableFromInline func minimumLoss(fromBreakpoint first: Int, to s1: Double) -> Double {
        var least = steps[first].loss
        var index = first + 1
        while index < steps.count, steps[index].start <= s1 {
            least = min(least, steps[index].loss)
            index += 1
        }
        return least
    }

    /// A forward cursor for increasing fractions on one leg. The current interval's bounds and
    /// loss are kept in the cursor, so a query within it reads no array; so are the next
    /// interval's end and loss, so a stretch reaching into it does not either.
    public struct Cursor: Sendable {
        public let profile: WallLossProfile
        @usableFromInline var index = 0
        /// The current interval [low, high) and its loss.
        @usableFromInline var low = -Double.infinity
        @usableFromInline var high: Double
        @usableFromInline var current: Double
        /// The next interval, [high, nextHigh), and its loss (+∞ and the current loss after the last).
        @usableFromInline var nextHigh: Double
        @usableFromInline var nextLoss: Double

        public init(_ profile: WallLossProfile) {
            self.profile = profile
            high = profile.steps.count > 1 ? profile.steps[1].start : .infinity
            current = profile.steps[0].loss
            (nextHigh, nextLoss) = Self.interval(after: 0, of: profile.steps)
        }

        /// The end and loss of the interval after step `index` of `steps` (+∞ and step `index`'s
        /// own loss when it is the last).
        @usableFromInline static func interval(after index: Int, of steps: [(start: Double, loss: Double)]) -> (
            end: Double, loss: Double
        ) {
            guard index + 1 < steps.count else { return (.infinity, steps[index].loss) }
            return (index + 2 < steps.count ? steps[index + 2].start : .infinity, steps[index + 1].loss)
        }

        /// The loss at fraction `s`; O(1) amortised for non-decreasing `s`.
        @inlinable public mutating func loss(at s: Double) -> Double {
            if s >= low, s < high { return current }
            return move(to: s)
        }

        /// The smallest loss on [s0, s1], as `WallLossProfile.minimumLoss`: when [s0, s1] lies
        /// strictly inside the current interval (no breakpoint on either end) that is the
        /// interval's own loss, and when it reaches into the next interval (not to its end) the
        /// smaller of the two, both read without touching the profile's steps (which a crowd's
        /// cache does not hold); when only s0 lies in the current interval, the scan starts from
        /// the cursor's breakpoint instead of a bisection (whose reads scatter over the profile).
        @inlinable public func minimumLoss(from s0: Double, to s1: Double) -> Double {
            if s0 > low, s1 < high { return current }
            // The profile's scan from breakpoint `index`: the current loss, then the next one's.
            if s0 > low, s0 < high, s1 < nextHigh { return min(current, nextLoss) }
            // s0 in [low, high): the first breakpoint ≥ s0 is the one at `low` when s0 is on it,
            // else the one at `high` (`index`).
            guard s0 >= low, s0 < high else { return profile.minimumLoss(from: s0, to: s1) }
            return profile.minimumLoss(fromBreakpoint: s0 == low ? index - 1 : index, to: s1)
        }

        /// Moves to the interval holding `s` and returns its loss.
        @usableFromInline mutating func move(to s: Double) -> Double {
            let steps = profile.steps
            if index > 0, s < steps[index].start { index = 0 }
            while index + 1 < steps.count, s >= steps[index + 1].start { index += 1 }
            low = steps[index].start  // −∞ for the first
            high = index + 1 < steps.count ? steps[index + 1].start : .infinity
            current = steps[index].loss
            (nextHigh, nextLoss) = Self.interval(after: index, of: steps)
            return current
        }
    }
}
