// SPDX-License-Identifier: GPL-3.0-or-later

/// One storey of the venue: `{ name: ground, height: 4m }`. Floors are listed bottom up and
/// numbered from 0; beacons, walls, zones and waypoints say which one they are on (`floor: 1`).
public struct FloorSpec: Sendable, Equatable {
    public var name: String?
    /// Floor-to-floor height, metres (default 3.5, a typical commercial storey); the vertical
    /// distance between floors enters the distance term.
    public var height: Double

    public init(name: String? = nil, height: Double = 3.5) {
        self.name = name
        self.height = height
    }
}
