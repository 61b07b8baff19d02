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
    /// Opens the app's `CLMonitor` (iOS 17+) in this process: pending events are delivered to it.
    case openMonitor
    /// `CLMonitor.add(_:identifier:assuming:)` of a beacon identity condition; `onlyIfAbsent`: the
    /// app adds it only when `record(for:)` finds none.
    case addCondition(RegionDefinition, assuming: ConditionState, onlyIfAbsent: Bool)
    case removeCondition(identifier: String)
    /// Takes (or replaces) the app's `CLServiceSession` (iOS 18+); `.none` releases it.
    case holdServiceSession(ServiceSessionRequirement)
}
