// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// A beacon region as CoreLocation's `CLBeaconRegion`: UUID with optional major and minor.
///
/// A region matches every beacon whose identity agrees on the fields it constrains (UUID only,
/// UUID + major, or all three; behaviour.md §1.5), so walking between two beacons of one region
/// gives no events. An app that sees other formats (the Android Beacon Library, a CoreBluetooth
/// scanner) matches AltBeacons by the same three fields, and an Eddystone-UID region by
/// `eddystone` instead (then `uuid` is unused).
public struct RegionDefinition: Hashable, Sendable {
    public var identifier: String
    public var uuid: BeaconUUID
    public var major: UInt16?
    public var minor: UInt16?
    /// Defaults as Apple's: true, true, false (behaviour.md §1.5, H).
    public var notifyOnEntry: Bool
    public var notifyOnExit: Bool
    public var notifyEntryStateOnDisplay: Bool
    /// An Eddystone-UID region; nil for a UUID region.
    public var eddystone: EddystoneRegionIdentity?

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

    /// Whether a frame's beacon belongs to this region (URL and TLM frames never do).
    public func matches(_ frame: AdvertisedFrame) -> Bool {
        let key = _RegionMatchKey(self)
        switch frame {
        case .ibeacon(let beacon): return key.matches(beacon.identity)
        case .altBeacon(let identity, _, _): return key.matches(identity)
        case .eddystoneUID(let identity, _): return key.matches(identity)
        case .eddystoneURL, .eddystoneTLM: return false
        }
    }
}

/// An Eddystone-UID region's identifiers: a namespace, and the instance when `matchesInstance`.
public struct EddystoneRegionIdentity: Hashable, Sendable {
    /// The namespace and instance (the instance bytes are ignored unless `matchesInstance`).
    public var uid: EddystoneUID
    public var matchesInstance: Bool

    public init(uid: EddystoneUID, matchesInstance: Bool) {
        self.uid = uid
        self.matchesInstance = matchesInstance
    }
}
