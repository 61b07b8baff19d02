// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// What an Android profile says about the OS release and the Android Beacon Library's reaction to
/// it: the rules of Android 12–16 that decide whether a beacon is seen (platforms-2026.md §2.1–2.3).
/// `legacy` (version 0) models none of them: the profiles of before issue 25 keep their results.
public struct AndroidPlatform: Hashable, Sendable {
    /// The Android release (12, 13, 14, …); 0: not modelled (no start limits, no version rules).
    public var version: Int
    /// How long a regular scan may run before the OS moves it (AOSP `ScanManager.regularScanTimeout`:
    /// 10 min since AOSP change 2237636, 30 min before); nil: no timeout.
    public var scanTimeout: SimDuration?
    /// ABL `longScanForcingEnabled`: the library restarts a scan that has run for the timeout, so the
    /// OS never moves it (`CycledLeScanner.java` L540–566).
    public var longScanForcing: Bool
    /// The app scans in a foreground service (ABL `enableForegroundServiceScanning`): while it runs,
    /// the background scans as the foreground does; when the OS refuses to start it, the library
    /// falls back to the profile's background policy (its scan jobs).
    public var foregroundService: Bool
    /// ABL ≥ 2.20.2 retries a foreground-service start refused at boot when its BOOT_COMPLETED
    /// receiver runs (PR #1165).
    public var retriesForegroundServiceAtBoot: Bool
    /// The library's scans carry filters with the screen off (ABL on Android 14 and Samsung 8.1+):
    /// such a scan is not suspended with location services off and is downgraded, not made
    /// opportunistic, at the timeout.
    public var screenOffScanFilters: Bool
    /// ABL `IntentScanStrategy`: the filtered scan's matches reach the app by PendingIntent whatever
    /// the regions' state — the filtered scan runs while a region is inside too, and a match needs no
    /// detection window — while exits still wait for the scan jobs
    /// (`IntentScanStrategyCoordinator.kt`, H).
    public var intentScans = false

    public init(
        version: Int, scanTimeout: SimDuration?, longScanForcing: Bool, foregroundService: Bool,
        retriesForegroundServiceAtBoot: Bool, screenOffScanFilters: Bool, intentScans: Bool = false
    ) {
        self.version = version
        self.scanTimeout = scanTimeout
        self.longScanForcing = longScanForcing
        self.foregroundService = foregroundService
        self.retriesForegroundServiceAtBoot = retriesForegroundServiceAtBoot
        self.screenOffScanFilters = screenOffScanFilters
        self.intentScans = intentScans
    }

    /// No Android 12–16 rule: the profiles of before issue 25 (and iOS).
    public static let legacy = AndroidPlatform(
        version: 0, scanTimeout: nil, longScanForcing: false, foregroundService: false,
        retriesForegroundServiceAtBoot: false, screenOffScanFilters: false)

    /// Whether the version rules apply (a version was given).
    public var modelsVersion: Bool { version > 0 }

    /// Android 12+: `ForegroundServiceStartNotAllowedException` for a start from the background.
    public var refusesBackgroundServiceStart: Bool { version >= 12 }

    /// Android 14+: a foreground-service start before the app's BOOT_COMPLETED receiver ran is refused.
    public var refusesServiceStartBeforeBootCompleted: Bool { version >= 14 }

    /// Android 13+: notifications need the runtime POST_NOTIFICATIONS permission.
    public var notificationsNeedPermission: Bool { version >= 13 }
}
