// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

/// A callback waiting in a phone's same-instant queue: what it tells the app, the ground-truth
/// times the timeline records with it, and whether it needs the app's location manager (region
/// callbacks do; lifecycle callbacks and timers do not).
struct _QueuedCallback {
    var callback: AppCallback
    var firstSeen: SimTime?
    var lastSeen: SimTime?
    var reason: RegionStateReason
    var needsManager: Bool
}
