// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// The Android Beacon Library 2.21.1 `Settings` API on Android 14 with its default job-scheduler
    /// strategy (platforms-2026.md §2.4): 30 s background scans in jobs every ~15 min, a filtered
    /// LOW_POWER scan between jobs, 30 s exit period, 10 s tracking age; the Android 12–16 rules on
    /// (`AndroidPlatform`: 10-min scan timeout, start limits, screen-off scan filters).
    public static let android14ABL: OSProfile = {
        var profile = OSProfile.androidABL8
        profile.name = "android-14-abl"
        profile.summary =
            "Android Beacon Library 2.21 (Settings API) on Android 14, job scheduler: 30 s scan jobs every ~15 min, 30 s exit, 10-min OS scan timeout"
        profile.monitoring = .scanCycles(
            ScanCycleMonitoring(
                background: .jobs(
                    ScanJobs(window: .seconds(30), intervalMin: ablScanJobs.intervalMin, intervalMax: ablScanJobs.intervalMax)),
                filtered: FilteredScan(lowPower: aospLowPower, detectionWindow: ablLegacyFilteredScan.detectionWindow)))
        profile.exitHysteresis = .seconds(30)
        profile.rangingLinger = .seconds(10)
        profile.android = AndroidPlatform(
            version: 14, scanTimeout: .minutes(10), longScanForcing: false, foregroundService: false,
            retriesForegroundServiceAtBoot: false, screenOffScanFilters: true)
        profile.doze = .aosp
        profile.sources.merge(android14Sources) { _, new in new }
        profile.sources["doze"] =
            "on: every phone since Android 6 dozes (Android power-details / Doze doc, H); jobs wait for maintenance windows (\"the 15 minute jobs are also suspended in Doze mode\", ABL #820 maintainer, M); the filtered scan stops while idle (#952, M; mapping L)"
        profile.changes = [
            "Doze on: a phone still, dark and unplugged for an hour defers scan jobs to maintenance windows (AOSP DeviceIdleController, H; ABL #820, M)",
            "ABL 2.21 Settings API defaults: 30 s background scans, 30 s regionExitPeriod, 10 s maxTrackingAge (Settings.kt, H)",
            "current AOSP LOW_POWER 140/1400 ms for the filtered scan between jobs (ScanUtil.kt 2025, H)",
            "OS long-scan timeout 10 min: unfiltered → opportunistic, filtered → LOW_POWER (AOSP change 2237636, ABL #1203, H/M)",
            "ABL scan filters with the screen off on Android 14 (CHANGELOG 2.20.4 / 2.20.7, H)",
            "Android 12+ permissions filter results: BLUETOOTH_SCAN / neverForLocation, fine and background location (bt-permissions; AOSP ScanController, H)",
            "location services off suspend unfiltered scans (AOSP ScanManager, H); POST_NOTIFICATIONS on 13+ (H)",
        ]
        return profile
    }()

    /// `android-14-abl` with a foreground service (`enableForegroundServiceScanning`): continuous
    /// 1.1 s cycles while the service runs; when Android refuses to start it (from the background on
    /// 12+, before BOOT_COMPLETED on 14) the library falls back to the profile's scan jobs until a
    /// retry succeeds (ABL #1082, PR #1165). The continuous scan is moved by the OS after 10 min
    /// unless `longScanForcing` (ABL #1203).
    public static let android14ABLForegroundService: OSProfile = {
        var profile = OSProfile.android14ABL
        profile.name = "android-14-abl-fgs"
        profile.summary =
            "ABL 2.21 on Android 14 with a foreground service: continuous while it runs, 15-min jobs when its start is refused, scan moved after 10 min unless longScanForcing"
        profile.android.foregroundService = true
        profile.android.retriesForegroundServiceAtBoot = true
        profile.sources["foregroundService"] =
            "enableForegroundServiceScanning: continuous 1.1 s cycles in the background (detection-times doc, H); refused starts fall back to jobs (ABL #1082, PR #1165, H)"
        profile.sources["foregroundServiceBootRetry"] =
            "ABL ≥ 2.20.2 retries the start in its BOOT_COMPLETED receiver; it succeeded ~150 ms later on a Pixel 7 / Android 14 (PR #1165, H)"
        profile.sources["jobScheduling"] =
            "the fallback while the foreground service is refused: \"falls back to using the Job Scheduler\" (ABL #1082, PR #1165, H)"
        profile.changes = [
            "foreground service: continuous 1.1 s cycles in the background, also with only while-in-use location (AOSP FOREGROUND_IMPORTANCE_CUTOFF, H; combination M)",
            "its start is refused from the background on 12+ (ABL #1082, #1244, M) and before BOOT_COMPLETED on 14 (PR #1165, H): 15-min jobs until the app is next in the foreground, or ABL's BOOT_COMPLETED retry",
            "the continuous scan is moved after 10 min unless longScanForcing (ABL #1203, CycledLeScanner.java L540–566, H/M)",
        ]
        return profile
    }()

    /// `android-14-abl` with ABL's `IntentScanStrategy` (platforms-2026.md §2.4): the filtered
    /// LOW_POWER scan's matches reach the app by PendingIntent, also while a region is inside, so a
    /// first beacon is seen within seconds; exits still wait for the scan jobs (documented: 450 s
    /// typical, 1500 s max).
    public static let android14ABLIntent: OSProfile = {
        var profile = OSProfile.android14ABL
        profile.name = "android-14-abl-intent"
        profile.summary =
            "ABL 2.21 on Android 14 with IntentScanStrategy: filtered scans delivered by PendingIntent (first beacon in seconds), exits in 15-min jobs"
        profile.android.intentScans = true
        profile.changes = [
            "IntentScanStrategy: filtered-scan matches delivered by PendingIntent, also while a region is inside; exits in the scan jobs (IntentScanStrategyCoordinator.kt, H)",
            "not modelled: the PendingIntent delivery delay (documented first beacon 5 s), the backup scan, wildcard regions (L)",
        ]
        profile.sources["intentScanStrategy"] =
            "IntentScanStrategy: filtered scans delivered by PendingIntent (IntentScanStrategyCoordinator.kt, H); documented first beacon 5 s, disappearance 450 s typical / 1500 s max (detection-times doc, H). The PendingIntent delivery delay is not modelled: entries at the filtered packet (L). Its periodic unfiltered backup scan (5 s + up to 30 s) only detects a failed filter and is not modelled; wildcard regions, which it ignores when specific ones exist, cannot be written (a scenario region has a UUID)"
        return profile
    }()

    /// Sources of the values `android-14-abl` changes from `android-abl-8`.
    static let android14Sources: [String: String] = [
        "backgroundScanWindow": "Settings API ScanPeriods backgroundScanPeriod 30 000 ms, the scan job's length (Settings.kt, H)",
        "exitHysteresis": "Settings API regionExitPeriod 30 000 ms (Settings.kt L132, H)",
        "rangingLinger": "Settings API maxTrackingAge 10 000 ms (Settings.kt L134, H)",
        "lowPowerScanWindow": "current AOSP LOW_POWER 140 ms (ScanUtil.kt 2025, H)",
        "lowPowerScanInterval": "current AOSP LOW_POWER 1400 ms (ScanUtil.kt 2025, H)",
        "androidVersion":
            "Android 14, the release of the current field reports (ABL #1203, #1187, PR #1165, H/M): background FGS starts refused (12+), boot starts before BOOT_COMPLETED refused (14+)",
        "scanTimeout":
            "10 min: AOSP ScanManager.regularScanTimeout, cut from 30 min by AOSP change 2237636 (ABL #1203, PR #1207; H code / M version mapping). 30m for older releases",
        "longScanForcing":
            "ABL Settings.kt Defaults longScanForcingEnabled = false: \"Allowing a long running scan to be stopped by the OS\" (CycledLeScanner.java L540–566, H)",
        "foregroundService": "default JobServiceScanStrategy on Android 8+ (Settings.kt L144–148, H)",
        "foregroundServiceBootRetry": "ABL ≥ 2.20.2 (PR #1165, H); unused without a foreground service",
        "intentScanStrategy": "default JobServiceScanStrategy (Settings.kt L144–148, H)",
        "screenOffScanFilters":
            "non-empty scan filters with the screen off on Android 14 (CHANGELOG 2.20.4, 2.20.7, 2.21.0-beta3; CycledLeScannerForLollipop.java, H)",
    ]
}
