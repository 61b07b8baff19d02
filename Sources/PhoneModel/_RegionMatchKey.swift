// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// The fields of a region that decide which beacons belong to it (`RegionDefinition.matches`),
/// 24 bytes, so the monitor matches an event's beacon against every region in a few cache lines.
struct _RegionMatchKey {
    let uuid: BeaconUUID
    let major: UInt16?
    let minor: UInt16?

    init(_ region: RegionDefinition) {
        uuid = region.uuid
        major = region.major
        minor = region.minor
    }

    /// Whether a beacon with `identity` belongs to the region: it agrees on every field the
    /// region constrains.
    func matches(_ identity: IBeaconIdentity) -> Bool {
        identity.uuid == uuid && (major == nil || major == identity.major) && (minor == nil || minor == identity.minor)
    }
}
