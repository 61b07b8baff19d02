// SPDX-License-Identifier: GPL-3.0-or-later

/// An iBeacon advertisement: identity plus the measured power (RSSI at 1 m, int8 dBm).
///
/// Layout (formats.md §6.2, Wireshark `dissect_btad_apple_ibeacon`):
/// `02 01 06 | 1A FF 4C 00 02 15 <UUID 16 B, BE> <major BE16> <minor BE16> <measured power int8>`.
public struct IBeaconFrame: Hashable, Sendable {
    public let identity: IBeaconIdentity
    /// Calibrated RSSI at 1 m in dBm, e.g. −59 for a 0 dBm beacon (behaviour.md §4).
    public let measuredPower: Int8

    public init(identity: IBeaconIdentity, measuredPower: Int8) {
        self.identity = identity
        self.measuredPower = measuredPower
    }

    /// Apple's Bluetooth SIG company identifier.
    public static let appleCompanyID: UInt16 = 0x004C
    /// iBeacon type and length bytes that follow the company identifier.
    public static let typeAndLength: [UInt8] = [0x02, 0x15]

    /// The manufacturer-specific AD structure (27 bytes: length 0x1A, type 0xFF, 25 data bytes).
    public var manufacturerStructure: [UInt8] {
        var bytes: [UInt8] = [0x1A, 0xFF, 0x4C, 0x00] + Self.typeAndLength
        bytes += identity.uuid.bytes
        bytes += [UInt8(identity.major >> 8), UInt8(identity.major & 0xFF)]
        bytes += [UInt8(identity.minor >> 8), UInt8(identity.minor & 0xFF)]
        bytes.append(UInt8(bitPattern: measuredPower))
        return bytes
    }

    /// The canonical 30-byte AdvData: Flags (LE General Discoverable, BR/EDR not supported) plus
    /// the manufacturer structure.
    public var advertisingData: [UInt8] { [0x02, 0x01, 0x06] + manufacturerStructure }

    /// Decodes an iBeacon from the data of a Manufacturer Specific Data AD structure (company id
    /// first, little-endian), or nil when it is not an iBeacon.
    public init?(manufacturerData data: some Collection<UInt8>) {
        let bytes = Array(data)
        guard bytes.count == 25, bytes[0] == 0x4C, bytes[1] == 0x00, bytes[2] == 0x02, bytes[3] == 0x15,
            let uuid = BeaconUUID(bytes: bytes[4..<20])
        else { return nil }
        let major = UInt16(bytes[20]) << 8 | UInt16(bytes[21])
        let minor = UInt16(bytes[22]) << 8 | UInt16(bytes[23])
        self.init(identity: IBeaconIdentity(uuid: uuid, major: major, minor: minor), measuredPower: Int8(bitPattern: bytes[24]))
    }
}
