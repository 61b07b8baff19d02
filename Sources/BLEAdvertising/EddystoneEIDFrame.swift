// SPDX-License-Identifier: GPL-3.0-or-later

/// Eddystone-EID: an 8-byte rotating ephemeral identifier (google/eddystone `eddystone-eid`; formats.md §6.3).
public struct EddystoneEIDFrame: Hashable, Sendable {
    /// Frame-type byte (high nibble 3).
    public static let frameType: UInt8 = 0x30
    /// Calibrated TX power at 0 m, dBm.
    public let txPower: Int8
    /// The 8 EID bytes.
    public let eid: [UInt8]

    /// Decodes the bytes after the frame-type byte: tx power, EID (8).
    public init?(frameData data: [UInt8]) {
        guard data.count >= 9 else { return nil }
        self.txPower = Int8(bitPattern: data[0])
        self.eid = Array(data[1..<9])
    }

    /// The EID as 16 upper-case hex digits.
    public var eidHex: String { _Hex.string(eid) }
}
