// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// The fields of a region that decide which beacons belong to it (`RegionDefinition.matches`),
/// 24 bytes, so the monitor matches an event's beacon against every region in a few cache lines.
/// An Eddystone-UID region keeps its namespace and instance in `uuid`'s 16 bytes.
@usableFromInline struct _RegionMatchKey {
    let uuid: BeaconUUID
    let major: UInt16?
    let minor: UInt16?
    /// What `uuid` holds (in the byte the optionals leave free: the key stays 24 bytes).
    let kind: Kind

    /// A UUID region (iBeacon, or an AltBeacon's id1), or an Eddystone-UID region by namespace
    /// alone or by namespace and instance.
    enum Kind: UInt8 {
        case identifiers, eddystoneNamespace, eddystoneUID
    }

    init(_ region: RegionDefinition) {
        major = region.major
        minor = region.minor
        if let eddystone = region.eddystone {
            uuid = BeaconUUID(high: eddystone.uid.high, low: eddystone.uid.low)
            kind = eddystone.matchesInstance ? .eddystoneUID : .eddystoneNamespace
        } else {
            uuid = region.uuid
            kind = .identifiers
        }
    }

    /// Whether a beacon with `identity` belongs to the region: it agrees on every field the
    /// region constrains.
    func matches(_ identity: IBeaconIdentity) -> Bool {
        kind == .identifiers && identity.uuid == uuid && (major == nil || major == identity.major)
            && (minor == nil || minor == identity.minor)
    }

    /// Whether an AltBeacon belongs to the region: id1, id2, id3 compared as UUID, major, minor.
    func matches(_ identity: AltBeaconIdentity) -> Bool {
        kind == .identifiers && identity.id1 == uuid && (major == nil || major == identity.id2)
            && (minor == nil || minor == identity.id3)
    }

    /// Whether an Eddystone-UID belongs to the region: same namespace, and same instance when the
    /// region names one.
    func matches(_ identity: EddystoneUID) -> Bool {
        switch kind {
        case .identifiers: false
        case .eddystoneNamespace: identity.high == uuid.high && identity.low >> 48 == uuid.low >> 48
        case .eddystoneUID: identity.high == uuid.high && identity.low == uuid.low
        }
    }
}
