// SPDX-License-Identifier: GPL-3.0-or-later

/// The identity an AltBeacon transmits, split as tools and the Android Beacon Library's default
/// layout split its 20-byte beacon id: id1 (16 bytes), id2 and id3 (2 bytes each, big-endian;
/// AltBeacon/spec `README.md`, formats.md §6.4).
public struct AltBeaconIdentity: Hashable, Sendable, Comparable {
    public let id1: BeaconUUID
    public let id2: UInt16
    public let id3: UInt16

    public init(id1: BeaconUUID, id2: UInt16, id3: UInt16) {
        self.id1 = id1
        self.id2 = id2
        self.id3 = id3
    }

    /// The 20-byte beacon id as transmitted.
    public var beaconID: [UInt8] {
        id1.bytes + [UInt8(id2 >> 8), UInt8(id2 & 0xFF), UInt8(id3 >> 8), UInt8(id3 & 0xFF)]
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.id1, lhs.id2, lhs.id3) < (rhs.id1, rhs.id2, rhs.id3) }
}
