// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation

/// A named zone of ground truth as a simple polygon on one floor.
public struct ZonePolygon: Sendable {
    public let name: String
    public let area: PlanPolygon
    public let floor: Int

    public init(name: String, vertices: [PlanPoint], floor: Int = 0) {
        self.name = name
        area = PlanPolygon(vertices)
        self.floor = floor
    }

    public var vertices: [PlanPoint] { area.vertices }

    /// Even-odd rule point-in-polygon test (points exactly on an edge may fall either way).
    public func contains(_ point: PlanPoint) -> Bool { area.contains(point) }

    /// Fractions t ∈ (0, 1) at which the segment a→b crosses the polygon's boundary.
    public func boundaryCrossings(from a: PlanPoint, to b: PlanPoint) -> [Double] { area.boundaryCrossings(from: a, to: b) }
}
