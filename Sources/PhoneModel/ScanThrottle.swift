// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Android 7+ scan-start throttle: an app that starts more than `limit` scans within `period` gets
/// no results for the rest of the period (AOSP `AppScanStats`: 5 starts per 30 s,
/// behaviour.md §2.5). A profile without one (iOS, an app that starts one scan and lets the OS
/// duty-cycle it) has no throttle at all rather than a large limit.
public struct ScanThrottle: Hashable, Sendable {
    /// Scan starts allowed per period.
    public var limit: Int
    /// Length of the period.
    public var period: SimDuration

    public init(limit: Int, period: SimDuration) {
        self.limit = limit
        self.period = period
    }
}
