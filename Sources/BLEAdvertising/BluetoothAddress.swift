// SPDX-License-Identifier: GPL-3.0-or-later

/// A 48-bit Bluetooth device address (BD_ADDR).
///
/// On the air and in HCI the six bytes travel least-significant first (Core spec Vol 6 Part B §1.3;
/// formats.md §4.1, §5); people write them most-significant first, `AA:BB:CC:DD:EE:FF`.
public struct BluetoothAddress: Hashable, Sendable, Comparable {
    /// The address as a 48-bit integer (upper 16 bits always zero).
    public let value: UInt64

    public init(value: UInt64) { self.value = value & 0xFFFF_FFFF_FFFF }

    /// The address from six bytes in transmission (little-endian) order, or nil unless exactly 6 bytes.
    public init?(littleEndianBytes bytes: some Collection<UInt8>) {
        guard bytes.count == 6 else { return nil }
        var value: UInt64 = 0
        for (index, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        self.init(value: value)
    }

    /// Parses `AA:BB:CC:DD:EE:FF` (most significant first, hex in either case).
    public init?(string: String) {
        let parts = string.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 6 else { return nil }
        var value: UInt64 = 0
        for part in parts {
            guard part.count == 2, let byte = UInt8(part, radix: 16) else { return nil }
            value = value << 8 | UInt64(byte)
        }
        self.init(value: value)
    }

    /// The six bytes in transmission order, least significant first.
    public var littleEndianBytes: [UInt8] { (0..<6).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) } }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
}

extension BluetoothAddress: CustomStringConvertible {
    /// Upper-case, most significant byte first: `A4:C1:38:83:EF:4C`.
    public var description: String {
        littleEndianBytes.reversed().map { byte in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined(separator: ":")
    }
}
