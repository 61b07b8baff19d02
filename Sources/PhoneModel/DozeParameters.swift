// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Android's deep Doze, as the OS profile sets it (platforms-2026.md §2.3): a phone that has been
/// still, with its screen off and unplugged, for `idleAfter` goes idle; from then on deferrable
/// work (scan jobs) runs only in maintenance windows of `maintenanceWindow`, separated by idle
/// periods that start at `firstIdlePeriod` and double up to `maxIdlePeriod` (AOSP
/// `DeviceIdleController`: `IDLE_TIMEOUT`, `IDLE_FACTOR` 2, `MAX_IDLE_TIMEOUT`, `IDLE_PENDING_TIMEOUT`).
public struct DozeParameters: Hashable, Sendable {
    /// Still, screen off and unplugged this long before the phone goes idle.
    public var idleAfter: SimDuration
    /// The first idle period (between idle entry and the first maintenance window).
    public var firstIdlePeriod: SimDuration
    /// The longest idle period; each one is twice the one before, up to this.
    public var maxIdlePeriod: SimDuration
    /// The length of one maintenance window, in which deferred jobs run.
    public var maintenanceWindow: SimDuration

    public init(
        idleAfter: SimDuration, firstIdlePeriod: SimDuration, maxIdlePeriod: SimDuration, maintenanceWindow: SimDuration
    ) {
        self.idleAfter = idleAfter
        self.firstIdlePeriod = firstIdlePeriod
        self.maxIdlePeriod = maxIdlePeriod
        self.maintenanceWindow = maintenanceWindow
    }

    /// The AOSP defaults (`DeviceIdleController` constants; sources: `OSProfile.pressureSources`):
    /// idle after 30 min inactive + 30 min idle-pending (the motion and location checks folded in),
    /// idle periods of 60 min doubling to 6 h, maintenance windows of 5 min.
    public static let aosp = DozeParameters(
        idleAfter: .minutes(60), firstIdlePeriod: .minutes(60), maxIdlePeriod: .minutes(360), maintenanceWindow: .minutes(5))
}
