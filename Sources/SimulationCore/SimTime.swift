// SPDX-License-Identifier: GPL-3.0-or-later

/// An instant of simulated time, in integer nanoseconds since the start of the run.
///
/// Integer time makes BLE's 0.625 ms and 1.25 ms units exact and keeps runs bit-for-bit
/// reproducible (SimPy and ns-3 do the same). `Int64` nanoseconds cover ±292 years.
public struct SimTime: Hashable, Comparable, Sendable {
    /// Nanoseconds since the start of the run.
    public var nanoseconds: Int64

    @inlinable public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The start of every run. Computed and inlinable, as the constants below: a stored constant
    /// is reached through an accessor call from other modules, at every packet.
    @inlinable public static var zero: SimTime { SimTime(nanoseconds: 0) }
    /// Later than any instant a run reaches.
    @inlinable public static var distantFuture: SimTime { SimTime(nanoseconds: .max) }

    /// The instant `seconds` after the start, rounded to the nearest nanosecond.
    @inlinable public static func seconds(_ seconds: Double) -> SimTime {
        SimTime(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    /// Seconds since the start, as a `Double` (for models and output only; never for ordering).
    @inlinable public var seconds: Double { Double(nanoseconds) / 1e9 }

    @inlinable public static func < (lhs: SimTime, rhs: SimTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    @inlinable public static func + (lhs: SimTime, rhs: SimDuration) -> SimTime {
        SimTime(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    @inlinable public static func - (lhs: SimTime, rhs: SimDuration) -> SimTime {
        SimTime(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    @inlinable public static func - (lhs: SimTime, rhs: SimTime) -> SimDuration {
        SimDuration(nanoseconds: lhs.nanoseconds &- rhs.nanoseconds)
    }

    @inlinable public static func += (lhs: inout SimTime, rhs: SimDuration) { lhs = lhs + rhs }
}

extension SimTime: CustomStringConvertible {
    /// Seconds with nine decimals, formatted from the integer so it is exact and locale-free.
    public var description: String { SimDuration(nanoseconds: nanoseconds).secondsString }
}
