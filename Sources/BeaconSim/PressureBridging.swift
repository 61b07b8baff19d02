// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

// Android under pressure, from the scenario's keys to the models (docs/phone-model.md, "Android
// under pressure"): nil wherever the scenario does not opt in, so other phones are unchanged.

extension JobRestrictions {
    /// The phone's Doze (the profile's `doze`) and the app's standby-bucket quota; nil when neither
    /// applies (always on iOS).
    init?(_ spec: PhoneSpec, profile: OSProfile, moving: Bool) {
        guard profile.platform == .android else { return nil }
        let bucket = spec.app.standbyBucket.flatMap { StandbyBucket(rawValue: $0.rawValue) }
        let quota = bucket?.jobQuota(android16: profile.android16JobQuotas)
        guard profile.doze != nil || quota != nil else { return nil }
        self.init(
            doze: profile.doze.map {
                DozeState(parameters: $0, screenOn: false, moving: moving, charging: spec.charging, at: .zero)
            },
            quota: quota, limitedWhileCharging: bucket?.limitedWhileCharging ?? false, charging: spec.charging,
            moving: moving)
    }
}

extension BackgroundKiller {
    /// The background killer of an `aggressiveKiller` phone; nil for other makers and on iOS.
    init?(_ spec: PhoneSpec, profile: OSProfile) {
        guard profile.platform == .android, let maker = spec.maker.flatMap({ MakerOverlay.named($0.rawValue) }),
            maker.killsBackgroundApps
        else {
            return nil
        }
        self.init(delay: profile.backgroundKillDelay, exempt: spec.app.batteryOptimizationExempt)
    }
}

extension MakerOverlay {
    /// Whether `spec`'s app gets nothing from its scans while the screen is off: an Android phone
    /// of a maker that needs scan filters then (Samsung) and an app whose scans have none with the
    /// screen off (`profile` as `withAppScanFilters` made it: the legacy profiles predate the
    /// library's screen-off filters; `app.unfilteredScans` takes them away).
    static func deafWithScreenOff(_ spec: PhoneSpec, profile: OSProfile) -> Bool {
        guard profile.platform == .android, !profile.android.screenOffScanFilters,
            let maker = spec.maker.flatMap({ MakerOverlay.named($0.rawValue) })
        else { return false }
        return maker.screenOffNeedsScanFilters
    }
}

extension MakerOverlay {
    /// Whether the library's intent scan delivers nothing while the screen is off: a Samsung on
    /// Android 14+ with `intentScanStrategy` (ABL #1187).
    static func intentScansDeafWithScreenOff(_ spec: PhoneSpec, profile: OSProfile) -> Bool {
        guard profile.platform == .android, profile.android.intentScans, profile.android.version >= 14,
            let maker = spec.maker.flatMap({ MakerOverlay.named($0.rawValue) })
        else { return false }
        return maker.intentScansStopWithScreenOff
    }
}

extension OSProfile {
    /// The profile with the app's scan filters: `app.unfilteredScans` (an own scanner without
    /// filters, or a library before 2.20.4) clears the library's screen-off filters; otherwise the
    /// profile is returned unchanged.
    func withAppScanFilters(_ spec: PhoneSpec) -> OSProfile {
        guard spec.app.unfilteredScans, platform == .android, android.screenOffScanFilters else { return self }
        var profile = self
        profile.android.screenOffScanFilters = false
        return profile
    }
}
