// SPDX-License-Identifier: GPL-3.0-or-later

/// A phone maker's behaviour on top of the OS profile (platforms-2026.md §2.3, §2.5; gap 11): the
/// rules by which some makers' Android builds see fewer beacons than stock Android. It sits beside
/// the RF device models (`phones[].device` is radio only) and is chosen with `phones[].maker`.
/// Each rule names its source and grade (`sources`); `beaconsim profiles --makers` lists them.
public struct MakerOverlay: Hashable, Sendable {
    public var name: String
    public var summary: String
    /// Scans without scan filters get no results while the screen is off (the app's scans count as
    /// unfiltered when its `unfilteredScans` is set; the filtered low-power scan is unaffected).
    public var screenOffNeedsScanFilters: Bool
    /// The maker kills a background app that is not exempt from battery optimisation after the
    /// profile's `backgroundKillDelay`, and it stays dead (no scanning, no services, no jobs) until
    /// the user opens it.
    public var killsBackgroundApps: Bool
    /// Rule → where it comes from, with its grade.
    public var sources: [String: String]

    public init(
        name: String, summary: String, screenOffNeedsScanFilters: Bool, killsBackgroundApps: Bool,
        sources: [String: String]
    ) {
        self.name = name
        self.summary = summary
        self.screenOffNeedsScanFilters = screenOffNeedsScanFilters
        self.killsBackgroundApps = killsBackgroundApps
        self.sources = sources
    }

    /// Samsung (Android 8.1+): unfiltered scans get nothing with the screen off.
    public static let samsung = MakerOverlay(
        name: "samsung",
        summary: "Samsung Android 8.1+: scans without scan filters get no results while the screen is off",
        screenOffNeedsScanFilters: true, killsBackgroundApps: false,
        sources: [
            "screenOffNeedsScanFilters":
                "ABL CHANGELOG: non-empty scan filters are needed with the screen off on Samsung 8.1+ (H); ABL #1128 scanning stops with the screen off, Samsung A23s Android 13 (M)",
            "killsBackgroundApps": "not modelled for Samsung (its app sleeping lists are not covered; L)",
            "intentScanStopAfterScreenOff":
                "not modelled: Samsung S23/Tab Android 14 intent-scan detections stop after the first screen-off until the screen is lit (ABL #1187, M) — BeaconSim has no IntentScanStrategy yet",
        ])

    /// Xiaomi / Huawei / OnePlus style: background apps are killed unless exempt.
    public static let aggressiveKiller = MakerOverlay(
        name: "aggressiveKiller",
        summary:
            "Xiaomi / Huawei / OnePlus style: a background app not exempt from battery optimisation is killed after backgroundKillDelay and stays dead until opened",
        screenOffNeedsScanFilters: false, killsBackgroundApps: true,
        sources: [
            "killsBackgroundApps":
                "OnePlus: \"you must have the user disable battery optimization\" (dontkillmyapp.com/oneplus, cited by the ABL maintainer, M); Xiaomi and others' \"proprietary and undocumented … background app killers\" (ABL #1044, #778, M); OnePlus: nothing detected in the background until battery optimisation is disabled (ABL #1124, M)",
            "backgroundKillDelay": "the profile's backgroundKillDelay: no published figure, 10 min guessed (L)",
            "screenOffNeedsScanFilters":
                "not modelled for these makers (Huawei P20 stopping scans with the screen off, ABL #778, is one report; L)",
        ])

    /// Every maker overlay, in listing order.
    public static let all: [MakerOverlay] = [.samsung, .aggressiveKiller]

    /// The overlay named `name`.
    public static func named(_ name: String) -> MakerOverlay? { all.first { $0.name == name } }
}
