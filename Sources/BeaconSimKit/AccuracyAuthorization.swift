// SPDX-License-Identifier: GPL-3.0-or-later

/// `CLAccuracyAuthorization` (iOS 14+): Precise Location on (`fullAccuracy`) or off
/// (`reducedAccuracy`, "approximate"), from the scenario's `preciseLocation` and the user's
/// `preciseLocationOff` / `preciseLocationOn` actions. With reduced accuracy Core Location gives
/// the app no beacon monitoring and no ranging on either API: CLMonitor events say
/// `unsatisfied` with `accuracyLimited` (Apple accuracyAuthorization doc, H). Raw values as Apple's.
public enum AccuracyAuthorization: Int, Sendable, Hashable {
    case fullAccuracy = 0, reducedAccuracy = 1
}
