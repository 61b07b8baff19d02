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
    /// Allocation-free: the crossings go to a stack buffer (`withUnsafeTemporaryAllocation`).
    @inlinable public func forEachInsideInterval(from a: PlanPoint, to b: PlanPoint, _ body: (Double, Double) -> Void) {
        guard box.minX <= max(a.x, b.x), box.maxX >= min(a.x, b.x), box.minY <= max(a.y, b.y), box.maxY >= min(a.y, b.y)
        else { return }
        withUnsafeTemporaryAllocation(of: Double.self, capacity: vertices.count + 2) { cuts in
            var count = 1
            cuts[0] = 0
            var previous = vertices.last ?? a
            let direction = b - a
            for vertex in vertices {
                if let (t, u) = PlanPoint.intersection(
                    origin: a, direction: direction, edgeStart: previous, edge: vertex - previous)
                {
                    if t > 0, t < 1, u >= 0, u <= 1 {
                        // Insertion into the sorted prefix.
                        var slot = count
                        while slot > 1, cuts[slot - 1] > t {
                            cuts[slot] = cuts[slot - 1]
                            slot -= 1
                        }
                        cuts[slot] = t
                        count += 1
                    }
                }
                previous = vertex
            }
            cuts[count] = 1
            for index in 1...count where cuts[index] > cuts[index - 1] {
                if contains(a + (b - a) * ((cuts[index - 1] + cuts[index]) / 2)) { body(cuts[index - 1], cuts[index]) }
            }
        }
    }
}
