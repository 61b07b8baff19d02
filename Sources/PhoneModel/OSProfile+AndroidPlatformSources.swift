// SPDX-License-Identifier: GPL-3.0-or-later

extension OSProfile {
    /// Sources of the Android 12–16 keys in the legacy Android profiles (`android-abl`, `-8`,
    /// `-8-fgs`, the OS scan modes, `nearby`): none of those rules is modelled there, so their
    /// results stay as they were; `android-14-abl` and `android-14-abl-fgs` model them.
    static let androidPlatformLegacySources: [String: String] = [
        "androidVersion":
            "0: the Android 12–16 rules are not modelled in this legacy profile (results kept); override it, or use android-14-abl",
        "scanTimeout":
            "0: no OS scan timeout in this legacy profile (current AOSP: 10 min, AOSP change 2237636 / ABL #1203, H; platforms-2026.md §2.2)",
        "longScanForcing": "ABL Settings.kt Defaults longScanForcingEnabled = false (H); unused without a timeout",
        "foregroundService": "the library scans with the job scheduler or its background service, not a foreground service",
        "foregroundServiceBootRetry": "ABL ≥ 2.20.2 retries at BOOT_COMPLETED (PR #1165, H); unused without a foreground service",
        "screenOffScanFilters":
            "false: the legacy profiles predate ABL's screen-off scan filters (CHANGELOG 2.20.4 / 2.20.7, H)",
        "intentScanStrategy": "false: the job-scheduler or service strategy (Settings.kt L144–148, H)",
    ]

    /// Sources of the Android 12–16 keys in the iOS profiles: none applies.
    static let androidPlatformIOSSources: [String: String] = [
        "androidVersion": "Android only; unused on iOS",
        "scanTimeout": "Android only (AOSP ScanManager); unused on iOS",
        "longScanForcing": "Android Beacon Library only; unused on iOS",
        "foregroundService": "Android only; unused on iOS",
        "foregroundServiceBootRetry": "Android Beacon Library only; unused on iOS",
        "screenOffScanFilters": "Android Beacon Library only; unused on iOS",
        "intentScanStrategy": "Android Beacon Library only; unused on iOS",
    ]
}
