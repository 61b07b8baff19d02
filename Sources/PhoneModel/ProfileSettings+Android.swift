// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The Android 12–16 parameters (`AndroidPlatform`) in the flat settings; their entries in
/// `ProfileParameter.all` are the last ones.
extension ProfileSettings {
    /// The Android platform these settings describe.
    var androidPlatform: AndroidPlatform {
        let timeout = duration(.scanTimeout)
        var android = AndroidPlatform(
            version: count(.androidVersion), scanTimeout: timeout > .zero ? timeout : nil, longScanForcing: false,
            foregroundService: flag(.foregroundService), retriesForegroundServiceAtBoot: false,
            screenOffScanFilters: flag(.screenOffScanFilters), intentScans: flag(.intentScanStrategy))
        // The library's reactions only where there is something to react to (so an override of an
        // unused one changes nothing, as `parametersInEffect` says).
        android.longScanForcing = android.scanTimeout != nil && flag(.longScanForcing)
        android.retriesForegroundServiceAtBoot = android.usesBootRetry && flag(.foregroundServiceBootRetry)
        return android
    }

    mutating func set(_ android: AndroidPlatform) {
        self[.androidVersion] = .number(Double(android.version))
        self[.scanTimeout] = .duration(android.scanTimeout ?? .zero)
        self[.longScanForcing] = .flag(android.longScanForcing)
        self[.foregroundService] = .flag(android.foregroundService)
        // Unused, it shows the value switching it on starts from: ABL 2.21 retries (PR #1165).
        self[.foregroundServiceBootRetry] = .flag(android.retriesForegroundServiceAtBoot || !android.usesBootRetry)
        self[.screenOffScanFilters] = .flag(android.screenOffScanFilters)
        self[.intentScanStrategy] = .flag(android.intentScans)
    }
}

extension AndroidPlatform {
    /// Whether the boot retry matters: a foreground service on Android 14+.
    var usesBootRetry: Bool { foregroundService && refusesServiceStartBeforeBootCompleted }

    /// The Android keys a profile does not use: all of them off Android; the library's reactions
    /// to a timeout or a refused start without one.
    func unusedKeys(on platform: Platform) -> Set<ProfileKey> {
        guard platform == .android else {
            return [
                .androidVersion, .scanTimeout, .longScanForcing, .foregroundService, .foregroundServiceBootRetry,
                .screenOffScanFilters, .intentScanStrategy,
            ]
        }
        var unused: Set<ProfileKey> = []
        if scanTimeout == nil { unused.insert(.longScanForcing) }
        if !usesBootRetry { unused.insert(.foregroundServiceBootRetry) }
        return unused
    }
}
