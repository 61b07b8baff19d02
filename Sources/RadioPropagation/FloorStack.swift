// SPDX-License-Identifier: GPL-3.0-or-later

/// The floors of a venue, bottom up: floor `i` has its slab at elevation `elevations[i]` metres.
///
/// Beacons and phones stand on a floor; the vertical separation of two floors enters the distance
/// term as √(d² + Δz²). Positions within a floor are 2-D (antenna heights are not modelled).
public struct FloorStack: Hashable, Sendable {
    /// Elevation of each floor's slab, metres; `[0]` for a single-storey venue.
    public let elevations: [Double]

    /// Builds the stack from storey heights (floor-to-floor, metres), lowest floor first.
    public init(heights: [Double]) {
        var elevations: [Double] = [0]
        for height in heights.dropLast() { elevations.append((elevations.last ?? 0) + height) }
        self.elevations = elevations
    }

    /// A single floor.
    public static let single = FloorStack(heights: [3.5])

    public var count: Int { elevations.count }

    /// Vertical distance between floors `a` and `b`, metres (0 for unknown floors).
    @inlinable public func separation(_ a: Int, _ b: Int) -> Double {
        guard a != b, elevations.indices.contains(a), elevations.indices.contains(b) else { return 0 }
        return abs(elevations[a] - elevations[b])
    }
}
