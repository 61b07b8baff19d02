// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// When the phone's radio listens: a window of `window` at the start of every `interval`,
/// counted from `anchor`. `window == interval` is continuous scanning; `window == 0` is off.
///
/// Android exposes its modes this way (AOSP `ScanManager`, behaviour.md §2.4); iOS publishes no
/// duty cycle, so its profiles use continuous scanning where the sources show second-scale
/// detection and long periodic windows where they show minutes-scale detection.
public struct ScanPattern: Hashable, Sendable {
    public var window: SimDuration
    public var interval: SimDuration
    public var anchor: SimTime

    public init(window: SimDuration, interval: SimDuration, anchor: SimTime = .zero) {
        self.window = window
        self.interval = interval
        self.anchor = anchor
    }

    public static let continuous = ScanPattern(window: .seconds(1), interval: .seconds(1))
    public static let off = ScanPattern(window: .zero, interval: .seconds(1))

    public var isContinuous: Bool { window >= interval }
    public var isOff: Bool { window <= .zero || interval <= .zero }

    /// Fraction of time spent listening.
    public var dutyCycle: Double { isOff ? 0 : min(1, window.seconds / interval.seconds) }

    /// Whether the radio listens at `time`.
    @inlinable public func isListening(at time: SimTime) -> Bool {
        if window >= interval { return interval > .zero }
        if window <= .zero { return false }
        return offset(of: time) < window.nanoseconds
    }

    /// How far `time` lies into its interval, ns, in [0, interval) (also before the anchor).
    /// Requires a positive interval.
    @inlinable func offset(of time: SimTime) -> Int64 {
        let offset = (time.nanoseconds - anchor.nanoseconds) % interval.nanoseconds
        return offset < 0 ? offset + interval.nanoseconds : offset
    }

    /// The first instant after `time` (ns) at which `isListening` may change: the end of the
    /// current window or the start of the next; `Int64.max` for a continuous or off pattern.
    public func nextChange(after time: SimTime) -> Int64 {
        if window >= interval || window <= .zero { return .max }
        let offset = offset(of: time)
        let start = time.nanoseconds - offset
        return offset < window.nanoseconds ? start + window.nanoseconds : start + interval.nanoseconds
    }

    /// The end of the window that contains `time`, or of the next window after it; for a
    /// continuous pattern, the end of the current interval (the processing-cycle boundary) after
    /// `time`. Always later than `time` unless the pattern is off.
    public func windowEnd(after time: SimTime) -> SimTime {
        if isOff { return time }
        let period = interval.nanoseconds
        let offset = offset(of: time)
        let start = time.nanoseconds - offset
        if isContinuous { return SimTime(nanoseconds: start + period) }
        return SimTime(
            nanoseconds: offset < window.nanoseconds ? start + window.nanoseconds : start + period + window.nanoseconds)
    }
}
