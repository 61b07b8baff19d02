// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// A beacon region as CoreLocation's `CLBeaconRegion`: UUID with optional major and minor.
///
/// A region matches every beacon whose identity agrees on the fields it constrains (UUID only,
/// UUID + major, or all three; behaviour.md §1.5), so walking between two beacons of one region
/// gives no events.
public struct RegionDefinition: Hashable, Sendable {
    public var identifier: String
    public var uuid: BeaconUUID
    public var major: UInt16?
    public var minor: UInt16?
    /// Defaults as Apple's: true, true, false (behaviour.md §1.5, H).
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool
    public var notifyEntryStateOnDisplay: Bool

    public init(
        identifier: String, uuid: BeaconUUID, major: UInt16? = nil, minor: UInt16? = nil, notifyOnEntry: Bool = true,
        notifyOnExit: Bool = true, notifyEntryStateOnDisplay: Bool = false
    ) {
        self.identifier = identifier
        self.uuid = uuid
        self.major = major
        self.minor = minor
        self.notifyOnEntry = notifyOnEntry
        self.notifyOnExit = notifyOnExit
        self.notifyEntryStateOnDisplay = notifyEntryStateOnDisplay
    }

    /// Whether a beacon with `identity` belongs to this region.
    public func matches(_ identity: IBeaconIdentity) -> Bool { _RegionMatchKey(self).matches(identity) }
}
