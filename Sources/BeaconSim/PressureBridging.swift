// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

// Android under pressure, from the scenario's keys to the models (docs/phone-model.md, "Android
// under pressure"): nil wherever the scenario does not opt in, so other phones are unchanged.

extension JobRestrictions {
    /// The phone's Doze (the profile's `doze`) and the app's standby-bucket quota; nil when neither
    /// applies.
    init?(_ spec: PhoneSpec, profile: OSProfile, moving: Bool) {
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
    /// The background killer of an `aggressiveKiller` phone; nil for other makers.
    init?(_ spec: PhoneSpec, profile: OSProfile) {
        guard let maker = spec.maker.flatMap({ MakerOverlay.named($0.rawValue) }), maker.killsBackgroundApps else {
            return nil
        }
        self.init(delay: profile.backgroundKillDelay, exempt: spec.app.batteryOptimizationExempt)
    }
}
