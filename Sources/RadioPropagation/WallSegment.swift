// SPDX-License-Identifier: GPL-3.0-or-later

/// A wall on the plan: a segment and its loss per crossing in dB.
public struct WallSegment: Hashable, Sendable {
    public var from: PlanPoint
    public var to: PlanPoint
    public var lossDB: Double
    /// The floor the wall stands on (0 = lowest).
    public var floor: Int

    public init(from: PlanPoint, to: PlanPoint, lossDB: Double, floor: Int = 0) {
        self.from = from
        self.to = to
        self.lossDB = lossDB
        self.floor = floor
    }

    /// Whether the straight segment p→q properly crosses this wall (touching an end point or
    /// running along the wall is not a crossing), by the orientation test of bench/mall-1h.md.
    @inlinable public func isCrossed(from p: PlanPoint, to q: PlanPoint) -> Bool {
        let ab = to - from
        let o1 = ab.cross(p - from)
        let o2 = ab.cross(q - from)
        guard o1 * o2 < 0 else { return false }
        let pq = q - p
        let o3 = pq.cross(from - p)
        let o4 = pq.cross(to - p)
        return o3 * o4 < 0
    }

    /// Where p→q crosses this wall's line, as a fraction of p→q (meaningful when `isCrossed`).
    @inlinable public func crossingFraction(from p: PlanPoint, to q: PlanPoint) -> Double {
        let ab = to - from
        return (from - p).cross(ab) / (q - p).cross(ab)
    }
}
