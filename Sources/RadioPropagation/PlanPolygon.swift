// SPDX-License-Identifier: GPL-3.0-or-later

/// A simple polygon on a floor plan (zones, crowded areas), metres.
public struct PlanPolygon: Sendable {
    public let vertices: [PlanPoint]
    /// Bounding box, for a quick rejection.
    public let box: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    public init(_ vertices: [PlanPoint]) {
        self.vertices = vertices
        box = (
            vertices.map(\.x).min() ?? 0, vertices.map(\.y).min() ?? 0, vertices.map(\.x).max() ?? 0,
            vertices.map(\.y).max() ?? 0
        )
    }

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
            if let (t, u) = PlanPoint.intersection(origin: a, direction: direction, edgeStart: previous, edge: vertex - previous),
                t > 0, t < 1, u >= 0, u <= 1
            {
                result.append(t)
            }
            previous = vertex
        }
        return result
    }

    /// The parts of a→b inside the polygon, as fraction intervals, calling `body(t0, t1)` for each.
    /// Allocation-free: the crossings are taken in increasing order by selection (a zone has a
    /// handful of vertices), each once, instead of being sorted in a buffer.
    @inlinable public func forEachInsideInterval(from a: PlanPoint, to b: PlanPoint, _ body: (Double, Double) -> Void) {
        guard box.minX <= max(a.x, b.x), box.maxX >= min(a.x, b.x), box.minY <= max(a.y, b.y), box.maxY >= min(a.y, b.y)
        else { return }
        var low = 0.0
        while true {
            let high = firstCrossing(from: a, to: b, after: low) ?? 1
            if contains(a + (b - a) * ((low + high) / 2)) { body(low, high) }
            if high >= 1 { return }
            low = high
        }
    }

    /// The smallest fraction in (`after`, 1) at which a→b crosses an edge, nil when none.
    @inlinable func firstCrossing(from a: PlanPoint, to b: PlanPoint, after low: Double) -> Double? {
        var first: Double?
        var previous = vertices.last ?? a
        let direction = b - a
        for vertex in vertices {
            if let (t, u) = PlanPoint.intersection(origin: a, direction: direction, edgeStart: previous, edge: vertex - previous),
                t > low, t < 1, u >= 0, u <= 1, t < first ?? .infinity
            {
                first = t
            }
            previous = vertex
        }
        return first
    }
}
