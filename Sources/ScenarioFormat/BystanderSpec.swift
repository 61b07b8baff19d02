// SPDX-License-Identifier: GPL-3.0-or-later

/// A person without a phone who walks through the venue: `{ name: guard, path: [...] }`. Their
/// body attenuates the links whose first Fresnel zone it enters (rf.md §5; radio-model.md).
public struct BystanderSpec: Sendable, Equatable {
    public var name: String
    /// Timed waypoints, as for phones (with `floor:`); never empty after validation.
    public var path: [WaypointSpec]

    public init(name: String, path: [WaypointSpec]) {
        self.name = name
        self.path = path
    }
}
