// SPDX-License-Identifier: GPL-3.0-or-later

/// A simple polygon on a floor plan (zones, crowded areas), metres.
public struct PlanPolygon: Hashable, Sendable {
    public let vertices: [PlanPoint]

    public init(_ vertices: [PlanPoint]) { self.vertices = vertices }

    /// Even-odd rule point-in-polygon test (points exactly on an edge may fall either way).
    public func contains(_ point: PlanPoint) -> Bool {
        var inside = false
        var previous = vertices.last ?? point
        for vertex in vertices {
            if (vertex.y > point.y) != (previous.y > point.y) {
                let crossingX = vertex.x + (point.y - vertex.y) * (previous.x - vertex.x) / (previous.y - vertex.y)
                if point.x < crossingX { inside.toggle() }
            }
            previous = vertex
        }
        return inside
    }

    /// Fractions t ∈ (0, 1) at which the segment a→b crosses the boundary, unsorted.
    public func boundaryCrossings(from a: PlanPoint, to b: PlanPoint) -> [Double] {
        var result: [Double] = []
        var previous = vertices.last ?? a
        let direction = b - a
        for vertex in vertices {
            let edge = vertex - previous
            let denominator = direction.cross(edge)
            if denominator != 0 {
                let offset = previous - a
                let t = offset.cross(edge) / denominator
                let u = offset.cross(direction) / denominator
                if t > 0, t < 1, u >= 0, u <= 1 { result.append(t) }
            }
            previous = vertex
        }
        return result
    }

    /// The parts of a→b inside the polygon, as fraction intervals, calling `body(t0, t1)` for each.
    /// Allocates only when the segment crosses the boundary.
    @inlinable public func forEachInsideInterval(from a: PlanPoint, to b: PlanPoint, _ body: (Double, Double) -> Void) {
        let cuts = boundaryCrossings(from: a, to: b)
        if cuts.isEmpty {
            if contains(a + (b - a) * 0.5) { body(0, 1) }
            return
        }
        let sorted = [0] + cuts.sorted() + [1]
        for index in 1..<sorted.count where sorted[index] > sorted[index - 1] {
            if contains(a + (b - a) * ((sorted[index - 1] + sorted[index]) / 2)) { body(sorted[index - 1], sorted[index]) }
        }
    }
}
