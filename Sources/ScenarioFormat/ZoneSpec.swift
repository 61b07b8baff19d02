// SPDX-License-Identifier: GPL-3.0-or-later

/// A named area of ground truth (a store, a room), as a simple polygon of at least three vertices.
public struct ZoneSpec: Sendable, Equatable {
    public var name: String
    public var polygon: [Point2D]

    public init(name: String, polygon: [Point2D]) {
        self.name = name
        self.polygon = polygon
    }
}
