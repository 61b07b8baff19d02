// SPDX-License-Identifier: GPL-3.0-or-later

/// A `PhoneApp` whose code reads what Core Location keeps for it rather than only what it is told:
/// `CLMonitor.identifiers` and `record(for:)` (the conditions and each one's last state, kept across
/// launches), and `CLLocationManager.accuracyAuthorization`. BeaconSimKit's bridge is one.
///
/// The phone calls it just before each callback, so the app's code sees the state as of that instant
/// (its own requests take effect after the callback returns, as every request does).
public protocol CoreLocationStateReader: PhoneApp {
    /// `conditions`: the app's `CLMonitor` conditions (nil for an app of the region API);
    /// `preciseLocation`: the Precise Location switch (`CLAccuracyAuthorization.fullAccuracy` when on).
    func coreLocationState(conditions: MonitorConditions?, preciseLocation: Bool)
}
