// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// When the phone's radio listens, as the scan scheduler sets it: `gate` (the scan cycles), limited
/// to [`from`, `until`) for one-shot windows (a scan job, a detection window, a screen-on scan), an
/// optional scan-start throttle on the gate, and an optional low-power `filtered` scan between
/// cycles. A packet counts only if it arrives while the radio listens.
///
/// Scan start-up (the device's `startupDeadTime`, docs/radio-model.md "Scan start-up"): a scan
/// that this schedule starts delivers nothing before `deadUntil`, and where every gate window is a
/// scan start of its own (`windowDeadTime` > 0: the periodic background cycles of scan-cycle
/// apps, which stop and restart the scan) nothing in the first `windowDeadTime` of each window.
/// Both are off (nil, zero) unless the phone's device opts in.
public struct ListeningSchedule: Hashable, Sendable {
    public var gate: ScanPattern
    public var from: SimTime?
    public var until: SimTime?
    /// Android 7+: at most `limit` gate windows may start per `period`; later ones are withheld.
    public var throttle: ScanThrottle?
    public var filtered: ScanPattern?
    /// The gate delivers nothing before this instant (the start-up of the scan this schedule started).
    public var deadUntil: SimTime?
    /// The gate delivers nothing in the first this-long of each of its windows (each a scan restart).
    public var windowDeadTime: SimDuration

    public init(
        gate: ScanPattern, from: SimTime? = nil, until: SimTime? = nil, throttle: ScanThrottle? = nil,
        filtered: ScanPattern? = nil, deadUntil: SimTime? = nil, windowDeadTime: SimDuration = .zero
    ) {
        self.gate = gate
        self.from = from
        self.until = until
        self.throttle = throttle
        self.filtered = filtered
        self.deadUntil = deadUntil
        self.windowDeadTime = windowDeadTime
    }

    public static let continuous = ListeningSchedule(gate: .continuous)

    /// Whether the radio listens at `time`.
    @inlinable public func isListening(at time: SimTime) -> Bool {
        if isGateOpen(at: time) { return true }
        return filtered?.isListening(at: time) ?? false
    }

    /// Whether the scan cycles (not the filtered scan) listen at `time`.
    @inlinable public func isGateOpen(at time: SimTime) -> Bool {
        if let from, time < from { return false }
        if let until, time >= until { return false }
        if let deadUntil, time < deadUntil { return false }
        return gate.isListening(at: time) && !isThrottled(at: time) && !isStartingUp(at: time)
    }

    /// `time` lies in the first `windowDeadTime` of a gate window (a restarted scan starting up).
    @inlinable func isStartingUp(at time: SimTime) -> Bool {
        guard windowDeadTime > .zero, !gate.isContinuous, !gate.isOff else { return false }
        return gate.offset(of: time) < windowDeadTime.nanoseconds
    }

    /// Whether `time` falls only in the filtered scan (a hit there opens a detection window).
    public func isFilteredOnly(at time: SimTime) -> Bool {
        guard let filtered, filtered.isListening(at: time) else { return false }  // most schedules have none
        return !isGateOpen(at: time)
    }

    /// Whether the radio listens at `time`, and until when that stays so: the earliest of the
    /// next boundaries of every part the answer depends on (the one-shot limits, the gate's and the
    /// filtered scan's windows, the throttle's periods), each of which is constant in between.
    public func span(at time: SimTime) -> ListeningSpan {
        let now = time.nanoseconds
        var until = Int64.max
        if let from, now < from.nanoseconds { until = min(until, from.nanoseconds) }
        if let end = self.until, now < end.nanoseconds { until = min(until, end.nanoseconds) }
        if let deadUntil, now < deadUntil.nanoseconds { until = min(until, deadUntil.nanoseconds) }
        if windowDeadTime > .zero, !gate.isContinuous, !gate.isOff {
            let offset = gate.offset(of: time)
            if offset < windowDeadTime.nanoseconds { until = min(until, now - offset + windowDeadTime.nanoseconds) }
        }
        until = min(until, gate.nextChange(after: time))
        if let filtered { until = min(until, filtered.nextChange(after: time)) }
        if let throttle, throttle.period.nanoseconds > 0 {
            let offset = now - gate.anchor.nanoseconds
            let period = throttle.period.nanoseconds
            until = min(until, offset < 0 ? gate.anchor.nanoseconds : now - offset % period + period)
        }
        return ListeningSpan(listening: isListening(at: time), from: now, until: until)
    }

    /// The gate window containing `time` is beyond the throttle's allowance in its period.
    @usableFromInline func isThrottled(at time: SimTime) -> Bool {
        guard let throttle, throttle.period.nanoseconds > 0, !gate.isContinuous, gate.interval.nanoseconds > 0 else {
            return false
        }
        let offset = time.nanoseconds - gate.anchor.nanoseconds
        guard offset >= 0 else { return false }
        let window = offset / gate.interval.nanoseconds
        let block = offset / throttle.period.nanoseconds
        let firstInBlock = (block * throttle.period.nanoseconds + gate.interval.nanoseconds - 1) / gate.interval.nanoseconds
        return window - firstInBlock >= Int64(throttle.limit)
    }
}
