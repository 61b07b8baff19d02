// SPDX-License-Identifier: GPL-3.0-or-later

/// Why a callback the OS had for the app never reached it (`WakeDecision.lostReason`, the trace's
/// `callbackLost`). `description` is the text the timeline's `reason` field carries (unchanged
/// from when reasons were strings).
public enum CallbackLossReason: Sendable, Hashable, CustomStringConvertible {
    /// The user denied location permission.
    case permissionDenied
    /// When In Use permission: region events are not delivered in the background.
    case whenInUse
    /// Background App Refresh is off, so the OS does not launch the app for the event.
    case backgroundRefreshOff
    /// The user killed the app and the OS profile `profile` does not relaunch killed apps.
    case killedByUser(profile: String)
    /// A CoreBluetooth event for an app that is not running (state restoration is not modelled).
    case coreBluetoothNotRunning
    /// The app was terminated before it ran again to receive the queued callback.
    case terminatedBeforeRunning
    /// The app is not running: an earlier process made the request the callback answers.
    case earlierProcess
    /// The app never created a location manager at launch, so nothing receives the callback.
    case noLocationManager
    /// iOS 18+: `serviceSessionRequired` and no CLServiceSession(.always) held while not in use.
    case noServiceSessionWhileNotInUse
    /// iOS 18+: `serviceSessionRequired` and the process holds no CLServiceSession(.always).
    case noServiceSession

    public var description: String {
        switch self {
        case .permissionDenied: "location permission denied"
        case .whenInUse: "When In Use permission: no background delivery"
        case .backgroundRefreshOff: "Background App Refresh is off"
        case .killedByUser(let profile): "killed by the user; \(profile) does not relaunch killed apps"
        case .coreBluetoothNotRunning: "the app is not running (CoreBluetooth state restoration is not modelled)"
        case .terminatedBeforeRunning: "the app was terminated before it ran again"
        case .earlierProcess: "the app is not running (an earlier process made the request)"
        case .noLocationManager: "the app has no location manager (not created at launch)"
        case .noServiceSessionWhileNotInUse:
            "serviceSessionRequired: no CLServiceSession(.always) held while not in use (iOS 18+)"
        case .noServiceSession: "serviceSessionRequired: the process holds no CLServiceSession(.always)"
        }
    }
}
