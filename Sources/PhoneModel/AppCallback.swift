// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// What the OS tells the app, in CoreLocation's and UIKit's terms.
public enum AppCallback: Sendable, Hashable {
    /// `application(_:didFinishLaunchingWithOptions:)`; `locationEvent` is the launch-options
    /// location key set when the OS launched the app for a region event.
    case didFinishLaunching(locationEvent: Bool)
    case didEnterRegion(RegionDefinition)
    case didExitRegion(RegionDefinition)
    case didDetermineState(RegionDefinition, RegionState)
    case didRangeBeacons([RangedBeacon], RegionDefinition)
    case monitoringDidFail(RegionDefinition, reason: MonitoringFailure)
    /// Background time is running out with a background task still open: the task's expiration
    /// handler runs now, just before the app is suspended.
    case backgroundTimeExpiring
    /// The user changed the app's location authorisation.
    case didChangeAuthorization(LocationAuthorization)
    /// A timer of the app's process fires (`scheduledFor` is when it was due; later when the app
    /// was suspended then).
    case timerFired(id: Int, scheduledFor: SimTime)
    /// An event of the app's `CLMonitor` (iOS 17+), yielded by its `events` sequence.
    case monitorEvent(MonitorEvent)
}
