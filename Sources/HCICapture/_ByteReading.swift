// SPDX-License-Identifier: GPL-3.0-or-later

/// Bounds-checked integer reads from byte arrays; out-of-range reads return 0 rather than trapping,
/// so callers check lengths first and malformed input can never crash.
extension Array where Element == UInt8 {
    func u8(_ at: Int) -> UInt8 { at >= 0 && at < count ? self[at] : 0 }

    func u16(_ at: Int, bigEndian: Bool) -> UInt16 {
        let a = UInt16(u8(at))
        let b = UInt16(u8(at + 1))
        return bigEndian ? a << 8 | b : b << 8 | a
    }

    func u32(_ at: Int, bigEndian: Bool) -> UInt32 {
        let a = UInt32(u16(at, bigEndian: bigEndian))
        let b = UInt32(u16(at + 2, bigEndian: bigEndian))
        return bigEndian ? a << 16 | b : b << 16 | a
    }

    func u64(_ at: Int, bigEndian: Bool) -> UInt64 {
        let a = UInt64(u32(at, bigEndian: bigEndian))
        let b = UInt64(u32(at + 4, bigEndian: bigEndian))
        return bigEndian ? a << 32 | b : b << 32 | a
    }

    /// `count` bytes from `at`, clipped to the array.
    func bytes(_ at: Int, _ length: Int) -> [UInt8] {
        let start = Swift.max(0, Swift.min(at, count))
        let end = Swift.max(start, Swift.min(at + Swift.max(0, length), count))
        return Array(self[start..<end])
    }

    mutating func appendBE16(_ value: UInt16) { append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }
    mutating func appendLE16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    mutating func appendBE32(_ value: UInt32) {
        appendBE16(UInt16(value >> 16))
        appendBE16(UInt16(value & 0xFFFF))
    }
    mutating func appendLE32(_ value: UInt32) {
        appendLE16(UInt16(value & 0xFFFF))
        appendLE16(UInt16(value >> 16))
    }
    mutating func appendBE64(_ value: UInt64) {
        appendBE32(UInt32(value >> 32))
        appendBE32(UInt32(value & 0xFFFF_FFFF))
    }
    mutating func appendLE64(_ value: UInt64) {
        appendLE32(UInt32(value & 0xFFFF_FFFF))
        appendLE32(UInt32(value >> 32))
    }
}
