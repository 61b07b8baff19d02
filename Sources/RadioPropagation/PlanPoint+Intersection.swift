// SPDX-License-Identifier: GPL-3.0-or-later

extension PlanPoint {
    /// Where the line p(t) = `origin` + t·`direction` meets the segment from `edgeStart` along
    /// `edge` (q(u) = edgeStart + u·edge): the fractions (t, u), or nil for parallel lines.
    /// Callers decide which ranges of t and u count.
    @inlinable public static func intersection(
        origin: PlanPoint, direction: PlanPoint, edgeStart: PlanPoint, edge: PlanPoint
    ) -> (t: Double, u: Double)? {
        let denominator = direction.cross(edge)
        guard denominator != 0 else { return nil }
        let offset = edgeStart - origin
        return (offset.cross(edge) / denominator, offset.cross(direction) / denominator)
    }
}
