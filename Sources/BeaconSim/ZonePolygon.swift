// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation

/// A named zone of ground truth as a simple polygon.
public struct ZonePolygon: Sendable {
    public let name: String
    public let vertices: [PlanPoint]

    public init(name: String, vertices: [PlanPoint]) {
        self.name = name
        self.vertices = vertices
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

    /// Fractions t ∈ (0, 1) at which the segment a→b crosses the polygon's boundary.
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
}
