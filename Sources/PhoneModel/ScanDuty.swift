// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// A scan duty cycle as an OS or library configures it: listen for `window` at the start of every
/// `interval` (`window == interval`: continuous). A `ScanPattern` is a duty cycle placed on the
/// clock (with its anchor).
public struct ScanDuty: Hashable, Sendable {
    /// Time the radio listens per interval.
    public var window: SimDuration
    /// Period of the cycle.
    public var interval: SimDuration

    public init(window: SimDuration, interval: SimDuration) {
        self.window = window
        self.interval = interval
    }

    /// The duty cycle with its windows starting at `anchor`.
    public func pattern(anchor: SimTime) -> ScanPattern { ScanPattern(window: window, interval: interval, anchor: anchor) }
}
