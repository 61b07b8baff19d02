// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// What the app asks of the OS from inside a callback; it takes effect at the same simulated
/// instant.
public enum AppRequest: Sendable, Hashable {
    /// Creates the app's location manager with its delegate; callbacks reach only an app that has one.
    case createLocationManager
    case startMonitoring(RegionDefinition)
    case stopMonitoring(identifier: String)
    case startRanging(identifier: String)
    case stopRanging(identifier: String)
    case requestState(identifier: String)
    case postNotification(title: String, body: String)
    case beginBackgroundTask
    case endBackgroundTask
    /// A timer or delayed work item of the app's process, due at `at` (see `AppTimers`);
    /// scheduling an `id` again replaces it.
    case scheduleTimer(id: Int, at: SimTime)
    case cancelTimer(id: Int)
}
