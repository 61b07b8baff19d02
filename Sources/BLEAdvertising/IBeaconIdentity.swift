// SPDX-License-Identifier: GPL-3.0-or-later

/// The identity an iBeacon transmits: proximity UUID (128 bit), major and minor (16 bit each).
///
/// CoreLocation keys beacons on these three values, never on the Bluetooth address (formats.md §6.2).
public struct IBeaconIdentity: Hashable, Sendable, Comparable {
    /// The 16 UUID bytes in transmission (big-endian) order.
    public let uuid: BeaconUUID
    public let major: UInt16
    public let minor: UInt16

    public init(uuid: BeaconUUID, major: UInt16, minor: UInt16) {
        self.uuid = uuid
        self.major = major
        self.minor = minor
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.uuid, lhs.major, lhs.minor) < (rhs.uuid, rhs.major, rhs.minor)
    }
}
