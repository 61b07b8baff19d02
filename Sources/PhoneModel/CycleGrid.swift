// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// A periodic grid of instants, `offset + k·period` for every integer k: a phone's processing
/// cycle (iOS monitoring and ranging, 1 s) or the ends of its scan cycles.
///
/// The offset comes from the phone's cycle phase, a uniform draw over one period from its own
/// stream (`phone/<name>/cyclePhase`): a phone's cycles run on a clock of their own, started before
/// the simulation, so they are not aligned with simulated t = 0 or with each other.
public struct CycleGrid: Sendable, Hashable {
    public var period: SimDuration
    /// Where the grid sits within one period, in [0, period).
    public var offset: SimDuration

    /// `phase` is the fraction of a period, in [0, 1).
    public init(period: SimDuration, phase: Double) {
        self.period = period
        let raw = Int64((phase * Double(period.nanoseconds)).rounded(.down))
        offset = .nanoseconds(period.nanoseconds > 0 ? min(max(raw, 0), period.nanoseconds - 1) : 0)
    }

    /// The first tick at or after `time` (`time` itself when the period is zero).
    public func atOrAfter(_ time: SimTime) -> SimTime {
        guard period.nanoseconds > 0 else { return time }
        var remainder = (time.nanoseconds - offset.nanoseconds) % period.nanoseconds
        if remainder < 0 { remainder += period.nanoseconds }
        return remainder == 0 ? time : SimTime(nanoseconds: time.nanoseconds - remainder + period.nanoseconds)
    }

    /// The first tick strictly after `time`.
    public func after(_ time: SimTime) -> SimTime { atOrAfter(time + .nanoseconds(1)) }

    /// The tick that ends a wait of about `delay` begun at `now`: the last tick at or before
    /// `now + delay`, but never at or before `now`. With `delay` equal to the period this is the
    /// next tick, so the wait is spread uniformly over (0, period].
    public func ending(_ delay: SimDuration, from now: SimTime) -> SimTime {
        guard period.nanoseconds > 0 else { return now + delay }
        let end = now + delay
        let last = atOrAfter(end) == end ? end : atOrAfter(end) - period
        return max(last, after(now))
    }
}
