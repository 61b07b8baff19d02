// SPDX-License-Identifier: GPL-3.0-or-later

/// Why the app's process changed state (`appStateChanged` in the timeline, where it is written as
/// the raw value).
public enum AppStateChangeReason: String, Sendable, Hashable, CaseIterable {
    /// The state the scenario starts the app in.
    case initial
    /// The OS woke or launched the app to deliver a region event.
    case regionEvent
    /// The OS woke the app to deliver a CoreBluetooth discovery (`bluetooth-central` background mode).
    case bluetoothEvent
    /// The background running time (wake window or background task) ran out.
    case runningTimeEnded
    /// A background task was still open when its time ran out: the system kills the app (Apple,
    /// `beginBackgroundTask(expirationHandler:)`).
    case backgroundTaskNotEnded
    /// The user opened or left the app.
    case user
    /// The user swiped the app away.
    case killedByUser
    /// The system terminated the app (memory pressure).
    case terminatedBySystem
    /// The phone rebooted.
    case reboot
}
