// SPDX-License-Identifier: GPL-3.0-or-later

/// A span of simulated time, in integer nanoseconds.
public struct SimDuration: Hashable, Comparable, Sendable {
    /// Length in nanoseconds (may be negative, e.g. an entry detected before a zone crossing).
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    @inlinable public static var zero: SimDuration { SimDuration(nanoseconds: 0) }

    @inlinable public static func nanoseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value) }
    @inlinable public static func microseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value * 1_000) }
    @inlinable public static func milliseconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value * 1_000_000) }
    @inlinable public static func seconds(_ value: Int64) -> SimDuration { SimDuration(nanoseconds: value * 1_000_000_000) }
    @inlinable public static func minutes(_ value: Int64) -> SimDuration { .seconds(value * 60) }

    /// `seconds` rounded to the nearest nanosecond.
    @inlinable public init(seconds: Double) {
        nanoseconds = Int64((seconds * 1e9).rounded())
    }

    /// BLE timing units of 0.625 ms (advertising and scan intervals in HCI commands), exact.
    @inlinable public static func bleSlots(_ slots: Int64) -> SimDuration { SimDuration(nanoseconds: slots * 625_000) }

    /// Length in seconds as a `Double`.
    @inlinable public var seconds: Double { Double(nanoseconds) / 1e9 }

    @inlinable public static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
    @inlinable public static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }
    @inlinable public static func - (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }
    @inlinable public static func * (lhs: SimDuration, rhs: Int64) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds * rhs)
    }
    @inlinable public static prefix func - (value: SimDuration) -> SimDuration {
        SimDuration(nanoseconds: -value.nanoseconds)
    }

    /// Seconds with nine decimals (`"-1.500000000"`), exact and locale-free.
    public var secondsString: String {
        let negative = nanoseconds < 0
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        let fraction = String(magnitude % 1_000_000_000)
        let padded = String(repeating: "0", count: 9 - fraction.count) + fraction
        return (negative ? "-" : "") + String(whole) + "." + padded
    }
}

extension SimDuration: CustomStringConvertible {
    public var description: String { secondsString + " s" }
}
