// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Android under pressure (platforms-2026.md §2.3): Doze, Android 16 job quotas and the aggressive
/// makers' kill delay as profile parameters. All are off (or unused) in every built-in profile, so
/// no existing scenario changes; a scenario opts in with `overrides: { doze: true }`, an app's
/// `standbyBucket` or a phone's `maker`.
extension OSProfile {
    /// dontkillmyapp.com gives no figure; 10 min is a guess (L).
    public static let defaultBackgroundKillDelay = SimDuration.minutes(10)

    /// The sources of the keys this file adds, merged into every profile's `sources` (a profile's
    /// own entry wins).
    static let pressureSources: [String: String] = [
        "doze":
            "Android only; off unless overridden (opt-in). Deep Doze defers jobs to maintenance windows (Android power-details / Doze doc, H); \"the 15 minute jobs are also suspended in Doze mode\" (ABL #820, #952 maintainer, M); the filtered scan is taken to stop while idle too (#952: \"if … the phone goes into deep doze, you will not get detections\", M; mapping L)",
        "dozeIdleAfter":
            "AOSP DeviceIdleController INACTIVE_TIMEOUT 30 min + IDLE_AFTER_INACTIVE_TIMEOUT 30 min (H); the motion and location checks before idle folded in (L)",
        "dozeFirstIdlePeriod": "AOSP DeviceIdleController IDLE_TIMEOUT 60 min (H)",
        "dozeMaxIdlePeriod": "AOSP DeviceIdleController MAX_IDLE_TIMEOUT 6 h, IDLE_FACTOR 2 (H)",
        "dozeMaintenanceWindow":
            "AOSP DeviceIdleController IDLE_PENDING_TIMEOUT 5 min (H; MAX_IDLE_PENDING_TIMEOUT 10 min not modelled)",
        "android16JobQuotas":
            "Android only; off unless overridden: Android 16 enforces job runtime quotas for the active bucket, jobs started while visible and jobs beside a foreground service (behavior-changes-all 16, H); modelled as the active bucket's 20 min / 60 min quota (the current power-details table as quoted by softaai.com 2025, M); ABL scan jobs run only in the background without a service, so the other two cases do not arise",
        "backgroundKillDelay":
            "Android only; used only with maker aggressiveKiller: Xiaomi / Huawei / OnePlus kill background apps unless battery optimisation is off (ABL #1124, #1044, #778, M; dontkillmyapp.com, M); no published delay: 10 min is a guess (L)",
    ]

    /// The keys of this file that the profile does not use: the Doze parameters without Doze, all
    /// of them on iOS (an iOS profile keeps none of these modes whatever its settings say).
    var pressureKeysNotInEffect: Set<ProfileKey> {
        var unused: Set<ProfileKey> = []
        if doze == nil { unused.formUnion([.dozeIdleAfter, .dozeFirstIdlePeriod, .dozeMaxIdlePeriod, .dozeMaintenanceWindow]) }
        if platform != .android {
            unused.formUnion([
                .doze, .dozeIdleAfter, .dozeFirstIdlePeriod, .dozeMaxIdlePeriod, .dozeMaintenanceWindow, .android16JobQuotas,
                .backgroundKillDelay,
            ])
        }
        return unused
    }
}

extension ProfileSettings {
    /// Writes `profile`'s pressure parameters (AOSP Doze defaults when it has no Doze).
    mutating func setPressure(of profile: OSProfile) {
        let doze = profile.doze ?? .aosp
        self[.doze] = .flag(profile.doze != nil)
        self[.dozeIdleAfter] = .duration(doze.idleAfter)
        self[.dozeFirstIdlePeriod] = .duration(doze.firstIdlePeriod)
        self[.dozeMaxIdlePeriod] = .duration(doze.maxIdlePeriod)
        self[.dozeMaintenanceWindow] = .duration(doze.maintenanceWindow)
        self[.android16JobQuotas] = .flag(profile.android16JobQuotas)
        self[.backgroundKillDelay] = .duration(profile.backgroundKillDelay)
    }

    /// Sets `profile`'s pressure parameters from these settings.
    func applyPressure(to profile: inout OSProfile) {
        profile.doze =
            flag(.doze)
            ? DozeParameters(
                idleAfter: duration(.dozeIdleAfter), firstIdlePeriod: duration(.dozeFirstIdlePeriod),
                maxIdlePeriod: duration(.dozeMaxIdlePeriod), maintenanceWindow: duration(.dozeMaintenanceWindow)) : nil
        profile.android16JobQuotas = flag(.android16JobQuotas)
        profile.backgroundKillDelay = duration(.backgroundKillDelay)
    }
}
