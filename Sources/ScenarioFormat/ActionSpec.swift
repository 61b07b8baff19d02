// SPDX-License-Identifier: GPL-3.0-or-later

/// A user action at a fixed time: `{ at: 2m, action: screenOn }`,
/// `{ at: 5m, action: permission, value: denied }`.
public struct ActionSpec: Sendable, Equatable {
    public var at: Int64
    public var action: UserAction
    /// The argument of `permission` (`always`/`whenInUse`/`denied`); nil otherwise.
    public var value: String?
    public var location: SourceLocation

    public init(at: Int64, action: UserAction, value: String? = nil, location: SourceLocation = .unknown) {
        self.at = at
        self.action = action
        self.value = value
        self.location = location
    }
}

/// A user action as a Poisson process: `{ action: screenOn, meanInterval: 10m }`.
public struct RandomActionSpec: Sendable, Equatable {
    public var action: UserAction
    /// Mean time between actions, nanoseconds.
    public var meanInterval: Int64
    public var location: SourceLocation

    public init(action: UserAction, meanInterval: Int64, location: SourceLocation = .unknown) {
        self.action = action
        self.meanInterval = meanInterval
        self.location = location
    }
}

/// What a user can do to the phone or the app.
public enum UserAction: String, Sendable, Equatable, CaseIterable {
    case screenOn, screenOff, lock, unlock
    /// `kill`: the user swipes the app away; `terminate`: the system ends it (memory pressure).
    case foreground, background, kill, terminate, launch
    case reboot, bluetoothOn, bluetoothOff, backgroundRefreshOn, backgroundRefreshOff
    case permission
    /// iOS Precise Location for the app (Android: fine vs approximate location).
    case preciseLocationOff, preciseLocationOn
    /// The system-wide Location Services switch.
    case locationServicesOff, locationServicesOn
    /// Airplane mode: Bluetooth goes off with it (and comes back when it ends).
    case airplaneModeOn, airplaneModeOff
    /// iOS 11+ Control Center's Bluetooth button: a half-off that keeps existing regions and
    /// ranging working, fails new monitoring, and turns itself back on at 5 AM (Radius 2018, M).
    case controlCenterBluetoothOff
    /// The phone is put on or taken off its charger (Android: no Doze, no standby limits while charging).
    case plugIn, unplug
}
