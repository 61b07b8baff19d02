// SPDX-License-Identifier: GPL-3.0-or-later

/// The identity an Eddystone-UID frame transmits: a 10-byte namespace and a 6-byte instance
/// (google/eddystone `eddystone-uid`; formats.md §6.3), kept as 16 bytes in two integers so that
/// matching an advertising event's beacon against regions compares two words, as for iBeacon.
public struct EddystoneUID: Hashable, Sendable, Comparable {
    /// Bytes 0–7 of the namespace, big-endian.
    public let high: UInt64
    /// Bytes 8–9 of the namespace (the top 16 bits), then the 6 instance bytes, big-endian.
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The identity from the 10 namespace and 6 instance bytes; nil for other lengths.
    public init?(namespace: some Collection<UInt8>, instance: some Collection<UInt8>) {
        guard namespace.count == 10, instance.count == 6,
            let bits = BeaconUUID(bytes: Array(namespace) + Array(instance))
        else { return nil }
        self.init(high: bits.high, low: bits.low)
    }

    /// The identity from 20 and 12 hex digits (either case); nil when they do not parse.
    public init?(namespaceHex: String, instanceHex: String) {
        guard let namespace = Self.bytes(hex: namespaceHex, count: 10), let instance = Self.bytes(hex: instanceHex, count: 6)
        else { return nil }
        self.init(namespace: namespace, instance: instance)
    }

    /// The 10 namespace bytes.
    public var namespace: [UInt8] { Array(bytes[0..<10]) }
    /// The 6 instance bytes.
    public var instance: [UInt8] { Array(bytes[10..<16]) }
    /// The 16 bytes, namespace then instance.
    public var bytes: [UInt8] { BeaconUUID(high: high, low: low).bytes }
    /// The namespace as 20 upper-case hex digits.
    public var namespaceHex: String { _Hex.string(namespace) }
    /// The instance as 12 upper-case hex digits.
    public var instanceHex: String { _Hex.string(instance) }

    /// Whether this identity has the namespace of `other` (the instance is not compared).
    public func hasNamespace(of other: EddystoneUID) -> Bool { high == other.high && low >> 48 == other.low >> 48 }

    /// The namespace Google's Eddystone-UID specification derives from a UUID by "elision": the
    /// UUID's first 4 and last 6 bytes (google/eddystone `eddystone-uid`, "Namespace ID").
    public static func elidedNamespace(of uuid: BeaconUUID) -> [UInt8] {
        let bytes = uuid.bytes
        return Array(bytes[0..<4] + bytes[10..<16])
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.high, lhs.low) < (rhs.high, rhs.low) }

    /// `count` bytes from exactly `2 · count` hex digits, or nil.
    static func bytes(hex: String, count: Int) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 2 * count else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(count)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            result.append(high << 4 | low)
        }
        return result
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
