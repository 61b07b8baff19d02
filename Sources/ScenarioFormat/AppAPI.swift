// SPDX-License-Identifier: GPL-3.0-or-later

/// The platform API an app monitors beacons with: the API generation is part of the app
/// (platforms-2026.md §1.1–1.3).
public enum AppAPI: String, Sendable, Equatable, CaseIterable {
    /// Region monitoring with callbacks: iOS `CLLocationManager.startMonitoring(for:)` with
    /// `CLBeaconRegion` (deprecated in the iOS 27 SDK: "Use CLBeaconIdentityCondition instead",
    /// Apple docs, H), or the Android Beacon Library's `startMonitoring(region)`.
    case regionMonitoring
    /// iOS 17+ `CLMonitor` with `BeaconIdentityCondition`s: state events with refinement and
    /// diagnostics (Apple CLMonitor docs, WWDC23 10147, H).
    case clMonitor
    /// iOS CoreBluetooth scanning (`CBCentralManager.scanForPeripherals`): the only way an iOS app sees
    /// Eddystone or AltBeacon frames (SO 28255475, M).
    case coreBluetooth
}

/// The authorisation goal of the `CLServiceSession` an app holds (iOS 18+ `CLServiceSession.h`, H).
public enum ServiceSessionGoal: String, Sendable, Equatable, CaseIterable {
    /// No session: on iOS 18+ a `CLMonitor` app receives no events while not in use.
    case none
    /// A session requiring When In Use.
    case whenInUse
    /// A session requiring Always: background `CLMonitor` events are delivered.
    case always
}
