// SPDX-License-Identifier: GPL-3.0-or-later

/// The floor plan: a rectangle `[0, width] × [0, height]` metres, walls and named zones.
public struct VenueSpec: Sendable, Equatable {
    public var width: Double
    public var height: Double
    /// Environment preset name (rf.md §3.2), e.g. `retail`, `office`, `freeSpace`; default `retail`.
    public var environment: String
    public var walls: [WallSpec]
    public var zones: [ZoneSpec]
    /// User-defined materials: name → loss per crossing in dB, added to the built-in table.
    public var materials: [String: Double]
    /// Storeys bottom up (`floor: 0` is the first); empty means one floor.
    public var floors: [FloorSpec]

    public init(
        width: Double, height: Double, environment: String = "retail", walls: [WallSpec] = [],
        zones: [ZoneSpec] = [], materials: [String: Double] = [:], floors: [FloorSpec] = []
    ) {
        self.floors = floors
        self.width = width
        self.height = height
        self.environment = environment
        self.walls = walls
        self.zones = zones
        self.materials = materials
    }
}
