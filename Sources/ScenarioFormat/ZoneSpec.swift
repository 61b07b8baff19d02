// SPDX-License-Identifier: GPL-3.0-or-later

/// A named area of ground truth (a store, a room), as a simple polygon of at least three vertices.
public struct ZoneSpec: Sendable, Equatable {
    public var name: String
    public var polygon: [Point2D]
    /// The floor the zone is on (default 0).
    public var floor: Int
    /// Bystanders standing or walking in the zone, people per m² (rf.md §5 crowd loss); nil = none.
    public var crowd: Double?

    public init(name: String, polygon: [Point2D], floor: Int = 0, crowd: Double? = nil) {
        self.floor = floor
        self.crowd = crowd
        self.name = name
        self.polygon = polygon
    }
}
