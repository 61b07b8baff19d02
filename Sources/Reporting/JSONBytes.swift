// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// JSON written from typed values straight into a byte buffer: the same bytes as `JSONText`
/// builds through `String`, without a `String` per value (the result files of a run are written
/// through one of these, reused record after record).
///
/// Integers and fixed-decimal numbers are formatted digit by digit; a string is copied byte by
/// byte, escaped only where JSON needs it (`"`, `\`, control characters). A number whose form
/// `JSONText` would write in exponent notation or with more than 15 significant digits goes
/// through `JSONText` itself, so every value comes out byte-identical (JSONBytesTests checks it).
public struct JSONBytes {
    /// The bytes written so far.
    public var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// Forgets the bytes, keeping the storage.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// `text` as it is (ASCII punctuation, keys known to need no escape).
    @inline(__always)
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    public mutating func byte(_ value: UInt8) { bytes.append(value) }

    /// `"key":` for a key known to need no escape.
    @inline(__always)
    public mutating func key(_ key: StaticString) {
        bytes.append(0x22)
        raw(key)
        bytes.append(0x22)
        bytes.append(0x3A)
    }

    /// `value` as a JSON string literal, escaped as `JSONText.string` escapes it.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in string(utf8) }
    }

    /// UTF-8 text `utf8` as a JSON string literal.
    public mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(0x22)
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index])) }
            start = index + 1
            bytes.append(0x5C)
            switch byte {
            case 0x22: bytes.append(0x22)
            case 0x5C: bytes.append(0x5C)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                raw("u00")
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0xF))
            }
        }
        if start < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...])) }
        bytes.append(0x22)
    }

    /// Lower-case hex, as `String(_:radix: 16)` writes it.
    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }

    /// A signed integer in decimal.
    public mutating func int(_ value: Int) {
        if value < 0 { bytes.append(0x2D) }
        digits(value.magnitude)
    }

    /// The decimal digits of `value`.
    private mutating func digits(_ value: UInt, minimumCount: Int = 1) {
        // Twenty digits hold any UInt64; written from the back into a stack tuple.
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var position = 24
            var rest = value
            repeat {
                position -= 1
                buffer[position] = 0x30 + UInt8(rest % 10)
                rest /= 10
            } while rest > 0 || 24 - position < minimumCount
            bytes.append(contentsOf: buffer[position...])
        }
    }

    /// Seconds with nine decimals from integer nanoseconds: `SimTime.description`'s bytes.
    public mutating func seconds(nanoseconds: Int64) {
        if nanoseconds < 0 { bytes.append(0x2D) }
        let magnitude = nanoseconds.magnitude
        digits(UInt(magnitude / 1_000_000_000))
        bytes.append(0x2E)
        digits(UInt(magnitude % 1_000_000_000), minimumCount: 9)
    }

    /// `time` as timeline.jsonl writes it (`SimTime.description`).
    @inline(__always)
    public mutating func time(_ time: SimTime) { seconds(nanoseconds: time.nanoseconds) }

    /// `value` rounded to `decimals` places: the bytes of `JSONText.number(value, decimals:)`.
    public mutating func number(_ value: Double, decimals: Int) {
        guard value.isFinite, decimals >= 0, decimals <= 9 else {
            return append(JSONText.number(value, decimals: decimals))
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        let magnitude = scaled.magnitude
        // Up to 15 significant digits a decimal survives the round trip through a double, so the
        // shortest form of scaled / scale is these digits; `JSONText` switches to exponent
        // notation below 1e-4 (with a fraction) and at 2^53, so those go through it.
        guard magnitude < 1e15, magnitude == 0 || magnitude / scale >= 1e-4 else {
            return append(JSONText.number(value, decimals: decimals))
        }
        let integer = UInt(magnitude)
        if integer != 0, scaled < 0 { bytes.append(0x2D) }
        let divisor = UInt(scale)
        digits(integer / divisor)
        var fraction = integer % divisor
        guard fraction != 0 else { return }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(0x2E)
        digits(fraction, minimumCount: places)
    }

    /// `value` in shortest round-trip form: the bytes of `JSONText.number(_:)`.
    public mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), value.magnitude < 1e15 {
            int(Int(value))
        } else {
            append(JSONText.number(value))
        }
    }

    /// Text already encoded as JSON.
    public mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// A JSON array of `items`, each written by `element`.
    @inline(__always)
    public mutating func array<C: Collection>(_ items: C, _ element: (inout JSONBytes, C.Element) -> Void) {
        bytes.append(0x5B)
        var first = true
        for item in items {
            if !first { bytes.append(0x2C) }
            first = false
            element(&self, item)
        }
        bytes.append(0x5D)
    }
}
