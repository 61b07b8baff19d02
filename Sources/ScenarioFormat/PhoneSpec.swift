// SPDX-License-Identifier: GPL-3.0-or-later

/// One phone: its OS profile (with overrides), how it is carried, its app, its walk and the
/// user's actions.
public struct PhoneSpec: Sendable, Equatable {
    public var name: String
    /// OS profile name (`beaconsim profiles` lists them); default `ios`.
    public var os: String
    /// The receiving device: a built-in profile (`beaconsim profiles` lists them) or one under
    /// `devices:`, e.g. `pixel7a`; nil = the generic phone.
    public var device: String?
    /// Reporting offset, dB, added to every RSSI the phone reports (overrides the device's);
    /// nil = the device's, or N(0, `radio.receiverOffsetSigma`) for a phone with no device.
    public var receiverOffset: Double?
    /// Overrides of profile parameters, e.g. `exitHysteresis: 20s`.
    public var overrides: [ParameterOverride]
    public var carry: CarryPosition
    public var app: AppSpec
    /// Timed waypoints; never empty after validation.
    public var path: [WaypointSpec]
    /// User actions at fixed times.
    public var actions: [ActionSpec]
    /// User actions as Poisson processes.
    public var randomActions: [RandomActionSpec]
    /// A maker's behaviour overlay (`beaconsim profiles --makers`); nil = stock Android / iOS.
    public var maker: PhoneMaker?
    /// Whether the phone is on its charger at the start (`plugIn` / `unplug` actions change it).
    public var charging = false
    /// Where the phone is written in its file (`.unknown` for a scenario built in code).
    public var location: SourceLocation = .unknown

    public init(
        name: String, os: String = "ios", overrides: [ParameterOverride] = [], carry: CarryPosition = .pocket,
        app: AppSpec, path: [WaypointSpec], actions: [ActionSpec] = [], randomActions: [RandomActionSpec] = []
    ) {
        self.name = name
        self.os = os
        self.overrides = overrides
        self.carry = carry
        self.app = app
        self.path = path
        self.actions = actions
        self.randomActions = randomActions
    }
}

/// A phone maker whose behaviour overlays the OS profile (platforms-2026.md §2.3, gap 11).
public enum PhoneMaker: String, Sendable, Equatable, CaseIterable {
    /// Samsung: unfiltered scans get nothing with the screen off.
    case samsung
    /// Xiaomi / Huawei / OnePlus style: background apps killed unless exempt from battery optimisation.
    case aggressiveKiller
}

/// Where the user carries the phone; sets the body-loss geometry (rf.md §5).
public enum CarryPosition: String, Sendable, Equatable, CaseIterable {
    case hand, pocket, bag
}
