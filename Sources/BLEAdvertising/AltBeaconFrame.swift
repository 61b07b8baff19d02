// SPDX-License-Identifier: GPL-3.0-or-later

/// An AltBeacon advertisement (AltBeacon/spec `README.md`; formats.md §6.4):
/// `1B FF <manufacturer id LE16> BE AC <beacon id, 20 bytes> <reference RSSI int8> <reserved>`.
public struct AltBeaconFrame: Hashable, Sendable {
    /// Bluetooth SIG company identifier of the manufacturer.
    public let manufacturerID: UInt16
    /// The 20-byte beacon identifier, as transmitted.
    public let beaconID: [UInt8]
    /// Average RSSI at 1 m, dBm.
    public let referenceRSSI: Int8
    /// The manufacturer-reserved byte.
    public let reserved: UInt8

    /// Nil unless `beaconID` has 20 bytes.
    public init?(manufacturerID: UInt16, beaconID: [UInt8], referenceRSSI: Int8, reserved: UInt8 = 0) {
        guard beaconID.count == 20 else { return nil }
        self.manufacturerID = manufacturerID
        self.beaconID = beaconID
        self.referenceRSSI = referenceRSSI
        self.reserved = reserved
    }

    /// Decodes Manufacturer Specific Data (26 bytes, company id first), or nil when it is not an AltBeacon.
    public init?(manufacturerData data: some Collection<UInt8>) {
        let bytes = Array(data)
        guard bytes.count == 26, bytes[2] == 0xBE, bytes[3] == 0xAC else { return nil }
        self.init(
            manufacturerID: UInt16(bytes[0]) | UInt16(bytes[1]) << 8, beaconID: Array(bytes[4..<24]),
            referenceRSSI: Int8(bitPattern: bytes[24]), reserved: bytes[25])
    }

    /// First 16 bytes of the beacon id, as tools usually show them.
    public var id1: BeaconUUID { BeaconUUID(bytes: beaconID[0..<16]) ?? BeaconUUID(high: 0, low: 0) }
    /// Bytes 16–17 of the beacon id, big-endian.
    public var id2: UInt16 { UInt16(beaconID[16]) << 8 | UInt16(beaconID[17]) }
    /// Bytes 18–19 of the beacon id, big-endian.
    public var id3: UInt16 { UInt16(beaconID[18]) << 8 | UInt16(beaconID[19]) }

    /// The manufacturer-specific AD structure (28 bytes).
    public var manufacturerStructure: ADStructure {
        ADStructure(
            type: ADStructure.manufacturerSpecificDataType,
            data: [UInt8(manufacturerID & 0xFF), UInt8(manufacturerID >> 8), 0xBE, 0xAC] + beaconID
                + [UInt8(bitPattern: referenceRSSI), reserved])
    }
}
