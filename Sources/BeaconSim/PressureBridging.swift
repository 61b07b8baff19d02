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
    /// Whether `spec`'s app gets nothing from its scans while the screen is off: a maker that needs
    /// scan filters then (Samsung), an app whose scans have none, an Android profile.
    static func deafWithScreenOff(_ spec: PhoneSpec, profile: OSProfile) -> Bool {
        guard profile.platform == .android, spec.app.unfilteredScans,
            let maker = spec.maker.flatMap({ MakerOverlay.named($0.rawValue) })
        else { return false }
        return maker.screenOffNeedsScanFilters
    }
}
