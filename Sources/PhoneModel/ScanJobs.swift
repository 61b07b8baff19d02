// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Android 8+ job scheduling (the Android Beacon Library's `JobServiceScanStrategy`): background
/// scanning only in scan jobs of `window`, spaced by a uniform draw in [`intervalMin`,
/// `intervalMax`] (behaviour.md §2.6).
public struct ScanJobs: Hashable, Sendable {
    /// Length of one scan job (continuous scanning).
    public var window: SimDuration
    /// Shortest time from one job to the next.
    public var intervalMin: SimDuration
    /// Longest time from one job to the next.
    public var intervalMax: SimDuration

    public init(window: SimDuration, intervalMin: SimDuration, intervalMax: SimDuration) {
        self.window = window
        self.intervalMin = intervalMin
        self.intervalMax = intervalMax
    }
}
