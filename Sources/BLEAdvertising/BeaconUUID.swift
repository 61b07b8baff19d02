// SPDX-License-Identifier: GPL-3.0-or-later

/// A 128-bit UUID as the 16 bytes a beacon frame carries, most significant byte first.
///
/// BeaconSim keeps its own value type (rather than Foundation's `UUID`) so frame code stays
/// byte-exact and free of Foundation.
public struct BeaconUUID: Hashable, Sendable, Comparable {
    /// The two big-endian halves: bytes 0–7 and 8–15.
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The UUID from 16 bytes in big-endian order, or nil when `bytes.count != 16`.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 16 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.init(high: high, low: low)
    }

    /// Parses the canonical 8-4-4-4-12 form (hex digits in either case), or 32 hex digits.
    public init?(string: String) {
        // Read as UTF-8 bytes, not Characters: a scenario of many beacons parses one per beacon.
        let utf8 = Array(string.utf8)
        let dashed = utf8.count == 36
        guard dashed || utf8.count == 32 else { return nil }
        var (high, low, digits): (UInt64, UInt64, Int) = (0, 0, 0)
        for (offset, byte) in utf8.enumerated() {
            if dashed, offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            guard let value = _Hex.value(of: byte) else { return nil }
            if digits < 16 { high = high << 4 | UInt64(value) } else { low = low << 4 | UInt64(value) }
            digits += 1
        }
        self.init(high: high, low: low)
    }

    /// The 16 bytes, most significant first.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }
}

extension BeaconUUID: CustomStringConvertible {
    /// Upper-case canonical form, `FDA50693-A4E2-4FB1-AFCF-C6EB07647825`.
    public var description: String {
        let digits = bytes.map { byte -> String in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }.joined()
        var result = ""
        for (index, character) in digits.enumerated() {
            if [8, 12, 16, 20].contains(index) { result.append("-") }
            result.append(character)
        }
        return result
    }
}
