// SPDX-License-Identifier: GPL-3.0-or-later

/// The BLE link-layer CRC-24 (Core spec Vol 6 Part B §3.1.1; formats.md §5).
///
/// Polynomial x²⁴ + x¹⁰ + x⁹ + x⁶ + x⁴ + x³ + x + 1 (0x00065B), shifted LSB-first as on the air, in the
/// form of Ubertooth's `btle_calc_crc` (reflected polynomial 0x5A6000, bit-reversed init). The result
/// equals the three CRC bytes that follow the PDU, read little-endian.
public enum LinkLayerCRC {
    /// CRC init on the primary advertising channels.
    public static let advertisingInit: UInt32 = 0x555555

    /// The CRC-24 of `bytes` (PDU header + payload).
    /// - Parameter initial: the CRCInit as the Core spec writes it (0x555555 for advertising).
    public static func compute(_ bytes: some Sequence<UInt8>, initial: UInt32 = advertisingInit) -> UInt32 {
        var state = reverse24(initial)
        for byte in bytes {
            var current = byte
            for _ in 0..<8 {
                let bit = (state ^ UInt32(current)) & 1
                current >>= 1
                state >>= 1
                if bit != 0 {
                    state |= 1 << 23
                    state ^= 0x5A_6000
                }
            }
        }
        return state
    }

    /// The three CRC bytes in transmission order.
    public static func bytes(_ crc: UInt32) -> [UInt8] {
        [UInt8(crc & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8((crc >> 16) & 0xFF)]
    }

    private static func reverse24(_ value: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for bit in 0..<24 where value >> bit & 1 == 1 { result |= 1 << (23 - bit) }
        return result
    }
}
