// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// When a CoreLocation-style phone ends a ranging cycle: `didRangeBeacons` once per
/// `OSProfile.rangingInterval` (1 s on iOS, behaviour.md §1.2), on the monitor's processing grid so
/// that ranging and monitoring report on the same cycle. A deadline like the other models'
/// deadlines: the phone's timer waits for `nextTick`, and `popDue` hands out the ticks that are due.
///
/// Scan-cycle profiles (the Android Beacon Library) range at the ends of their scan cycles instead
/// and have no ranging clock (`nextTick` nil).
public struct RangingClock: Sendable, Equatable {
    /// The next cycle end, nil when ranging follows the scan cycles.
    public private(set) var nextTick: SimTime?
    /// Nanoseconds between ticks (> 0).
    public let period: SimDuration

    /// A clock on `grid` whose first tick is the first grid instant after `start`; `grid` nil for
    /// scan-cycle ranging.
    public init(grid: CycleGrid?, after start: SimTime) {
        period = grid.map { $0.period.nanoseconds > 0 ? $0.period : .seconds(1) } ?? .seconds(1)
        nextTick = grid.map { $0.period.nanoseconds > 0 ? $0.after(start) : start + period }
    }

    /// The earliest tick not after `now`, which is then consumed; nil when none is due.
    public mutating func popDue(notAfter now: SimTime) -> SimTime? {
        guard let tick = nextTick, tick <= now else { return nil }
        nextTick = tick + period
        return tick
    }
}
