// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// How long a suspending OS lets an app run in the background (behaviour.md §1.4).
public struct BackgroundTimeBudget: Hashable, Sendable {
    /// Running time after a region event wakes the app.
    public var wakeWindow: SimDuration
    /// Background time a background task obtains.
    public var taskDuration: SimDuration
    /// Where that time is counted from.
    public var taskClock: BackgroundTaskClock
    /// How long before the time runs out the task's expiration handler runs.
    public var expirationLead: SimDuration

    public init(
        wakeWindow: SimDuration, taskDuration: SimDuration, taskClock: BackgroundTaskClock, expirationLead: SimDuration
    ) {
        self.wakeWindow = wakeWindow
        self.taskDuration = taskDuration
        self.taskClock = taskClock
        self.expirationLead = expirationLead
    }
}
