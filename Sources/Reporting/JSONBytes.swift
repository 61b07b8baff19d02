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
///
/// The buffer is one allocation the struct owns (hence not copyable): each value makes room once
/// and stores its bytes, instead of an array append, with its uniqueness and capacity checks, per byte.
public struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    public private(set) var count = 0

    public init(capacity: Int = 0) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Whether nothing is written.
    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the bytes written so far (valid only inside `body`).
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Forgets the bytes, keeping the storage.
    public mutating func removeAll() { count = 0 }

    /// Forgets the last byte written.
    public mutating func removeLast() { count -= 1 }

    /// Room for `extra` more bytes; the pointer to the first of them.
    @inline(__always)
    private mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < extra { grow(extra) }
        return base + count
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let larger = Swift.max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        room(length).update(from: source, count: length)
        count += length
    }

    /// `text` as it is (ASCII punctuation, keys known to need no escape).
    @inline(__always)
    public mutating func raw(_ text: StaticString) { append(text.utf8Start, count: text.utf8CodeUnitCount) }

    @inline(__always)
    public mutating func byte(_ value: UInt8) {
        room(1).pointee = value
        count += 1
    }

    /// `"key":` for a key known to need no escape.
    @inline(__always)
    public mutating func key(_ key: StaticString) {
        byte(0x22)
        raw(key)
        byte(0x22)
        byte(0x3A)
    }

    /// Bytes already encoded as JSON (a name quoted once, `quoted`).
    public mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in
            guard let start = source.baseAddress else { return }
            append(start, count: source.count)
        }
    }

    /// What `other` holds, appended (a line formatted apart, then placed).
    public mutating func append(_ other: borrowing JSONBytes) {
        append(other.base, count: other.count)
    }

    /// Bytes already encoded as JSON (lines merged from other writers' output, read back from a file).
    public mutating func append<Bytes: Collection<UInt8>>(contentsOf bytes: Bytes) {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
            guard let start = source.baseAddress else { return }
            append(start, count: source.count)
        }
        if copied == nil { for value in bytes { byte(value) } }
    }

    /// The bytes written at `range` once more, at the end (a value formatted before).
    public mutating func `repeat`(_ range: Range<Int>) {
        let start = room(range.count)
        start.update(from: base + range.lowerBound, count: range.count)
        count += range.count
    }

    /// `value` as a JSON string literal, escaped as `JSONText.string` escapes it.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in string(utf8) }
    }

    /// UTF-8 text `utf8` as a JSON string literal.
    public mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(0x22)
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            if start < index, let first = utf8.baseAddress { append(first + start, count: index - start) }
            start = index + 1
            self.byte(0x5C)
            switch byte {
            case 0x22: self.byte(0x22)
            case 0x5C: self.byte(0x5C)
            case 0x0A: self.byte(UInt8(ascii: "n"))
            case 0x0D: self.byte(UInt8(ascii: "r"))
            case 0x09: self.byte(UInt8(ascii: "t"))
            default:
                raw("u00")
                self.byte(Self.hexDigit(byte >> 4))
                self.byte(Self.hexDigit(byte & 0xF))
            }
        }
        if start < utf8.count, let first = utf8.baseAddress { append(first + start, count: utf8.count - start) }
        byte(0x22)
    }

    /// Lower-case hex, as `String(_:radix: 16)` writes it.
    static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x57 + value }

    /// The 32 upper-case hex digits of `high` then `low` in the 8-4-4-4-12 form of a UUID.
    public mutating func uuid(high: UInt64, low: UInt64) {
        let out = UnsafeMutableRawPointer(room(36))
        let first = Self.hexDigits(UInt32(truncatingIfNeeded: high >> 32))
        let second = Self.hexDigits(UInt32(truncatingIfNeeded: high))
        let third = Self.hexDigits(UInt32(truncatingIfNeeded: low >> 32))
        let fourth = Self.hexDigits(UInt32(truncatingIfNeeded: low))
        out.storeBytes(of: first.littleEndian, toByteOffset: 0, as: UInt64.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: second).littleEndian, toByteOffset: 9, as: UInt32.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: second >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: third).littleEndian, toByteOffset: 19, as: UInt32.self)
        out.storeBytes(of: UInt32(truncatingIfNeeded: third >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
        out.storeBytes(of: fourth.littleEndian, toByteOffset: 28, as: UInt64.self)
        out.storeBytes(of: 0x2D, toByteOffset: 8, as: UInt8.self)
        out.storeBytes(of: 0x2D, toByteOffset: 13, as: UInt8.self)
        out.storeBytes(of: 0x2D, toByteOffset: 18, as: UInt8.self)
        out.storeBytes(of: 0x2D, toByteOffset: 23, as: UInt8.self)
        count += 36
    }

    /// The 8 upper-case hex digits of `value`, the most significant in the lowest byte: each
    /// nibble spread into a byte of its own, then turned into its digit in all eight bytes at once.
    static func hexDigits(_ value: UInt32) -> UInt64 {
        var spread = UInt64(value)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        spread = (spread | spread << 4) & 0x0F0F_0F0F_0F0F_0F0F
        spread = spread.byteSwapped
        let letters = ((spread &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return spread &+ 0x3030_3030_3030_3030 &+ letters &* 7
    }

    /// A signed integer in decimal.
    public mutating func int(_ value: Int) {
        let magnitude = value.magnitude
        guard magnitude >= 100 else {  // an RSSI, a floor, a count: most integers of a result, in one go
            let out = room(3)
            var length = 0
            if value < 0 {
                out[0] = 0x2D
                length = 1
            }
            if magnitude >= 10 {
                out[length] = Self.digitPairs[2 * Int(magnitude)]
                length += 1
            }
            out[length] = 0x30 &+ UInt8(truncatingIfNeeded: magnitude % 10)
            count += length + 1
            return
        }
        if value < 0 { byte(0x2D) }
        digits(magnitude)
    }

    /// An unsigned integer in decimal (a seed).
    public mutating func unsigned(_ value: UInt64) { digits(UInt(value)) }

    /// The decimal digits of `value`, at least `minimumCount` of them (zeros in front).
    @inline(__always)
    private mutating func digits(_ value: UInt, minimumCount: Int = 1) {
        if value < 10, minimumCount <= 1 {  // a floor, a count, a major: most integers of a result
            byte(0x30 &+ UInt8(truncatingIfNeeded: value))
            return
        }
        let length = Swift.max(Self.digitCount(value), minimumCount)
        Self.store(value, length: length, at: room(length))
        count += length
    }

    /// How many decimal digits `value` has (1 for 0).
    @inline(__always)
    private static func digitCount(_ value: UInt) -> Int {
        var length = 1
        var bound: UInt = 10
        while length < 20, value >= bound {
            length += 1
            bound &*= 10
        }
        return length
    }

    /// The last `length` decimal digits of `value` at `out`, zeros in front: two digits per
    /// division, copied from `digitPairs`.
    @inline(__always)
    private static func store(_ value: UInt, length: Int, at out: UnsafeMutablePointer<UInt8>) {
        var rest = value
        var position = length
        let digitPairs = Self.digitPairs
        while position >= 2 {
            let pair = Int(truncatingIfNeeded: rest % 100)
            rest /= 100
            position -= 2
            out[position] = digitPairs[2 * pair]
            out[position + 1] = digitPairs[2 * pair + 1]
        }
        if position == 1 { out[0] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10) }
    }

    /// "00", "01", … "99", one after the other (a literal: its bytes are in the binary, reached
    /// without a lazy global's check).
    private static var digitPairs: UnsafePointer<UInt8> {
        ("""
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """ as StaticString).utf8Start
    }

    /// Seconds with nine decimals from integer nanoseconds: `SimTime.description`'s bytes.
    public mutating func seconds(nanoseconds: Int64) {
        if nanoseconds < 0 { byte(0x2D) }
        let magnitude = nanoseconds.magnitude
        digits(UInt(magnitude / 1_000_000_000))
        byte(0x2E)
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
        if integer != 0, scaled < 0 { byte(0x2D) }
        // The fraction's trailing zeros dropped, then the digits written once from the last, the
        // point among them (divisions by the constant 10 only, none by the scale).
        var (rest, places) = (integer, decimals)
        while places > 0, rest % 10 == 0 {
            rest /= 10
            places -= 1
        }
        guard places > 0 else { return digits(rest) }
        let length = Swift.max(Self.digitCount(rest), places + 1) + 1  // at least "0." in front
        let out = room(length)
        var position = length
        for _ in 0..<places {
            position -= 1
            out[position] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        position -= 1
        out[position] = 0x2E
        Self.store(rest, length: position, at: out)
        count += length
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
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            guard let start = utf8.baseAddress else { return }
            append(start, count: utf8.count)
        }
    }

    /// A JSON array of `items`, each written by `element`.
    @inline(__always)
    public mutating func array<C: Collection>(_ items: C, _ element: (inout JSONBytes, C.Element) -> Void) {
        byte(0x5B)
        var first = true
        for item in items {
            if !first { byte(0x2C) }
            first = false
            element(&self, item)
        }
        byte(0x5D)
    }
}
