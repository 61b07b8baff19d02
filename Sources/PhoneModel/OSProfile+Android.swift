// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// Android Beacon Library 2.21.1 legacy defaults on Android 5–7 (background service strategy):
    /// 1.1 s foreground cycles, 10 s background scan every 5 min, 10 s exit period, filtered
    /// low-power scans between background cycles (behaviour.md §2.1–2.3).
    public static let androidABL = OSProfile(
        name: "android-abl",
        summary:
            "Android Beacon Library on Android 5–7: 1.1 s foreground cycles, 10 s background scan every 5 min, 10 s exit period",
        platform: .android,
        sources: androidABLSources.merging(appleAPISourcesElsewhere) { own, _ in own }
            .merging(androidPlatformLegacySources) { own, _ in own }.merging(formatSources) { own, _ in own },
        foregroundScan: ScanDuty(window: .milliseconds(1100), interval: .milliseconds(1100)),
        scanThrottle: aospScanThrottle,
        monitoring: .scanCycles(
            ScanCycleMonitoring(
                background: .cycles(screenOn: ablBackgroundCycle, screenOff: ablBackgroundCycle),
                filtered: ablLegacyFilteredScan)),
        evaluationInterval: .milliseconds(1100),
        exitHysteresis: .seconds(10),
        initialStateDelay: .milliseconds(1100), screenOnStateDelay: .seconds(1),
        regionLimit: 1000,
        execution: .keepsRunning,
        killedApps: .relaunched,
        rangingInterval: .milliseconds(1100), rangingLinger: .seconds(5), rssiAveragingWindow: .seconds(20),
        accuracyCoefficientA: 0.42093, accuracyCoefficientB: 6.9476, accuracyCoefficientC: 0.54992,
        immediateThreshold: 0.5, nearThreshold: 3.0)

    /// The Android Beacon Library's legacy background cycle: a 10 s scan, then 300 s between scans
    /// (sources: `androidABLSources`).
    static let ablBackgroundCycle = ScanDuty(window: .seconds(10), interval: .seconds(310))

    /// The filtered low-power scan between background cycles on Android 5–7: early AOSP LOW_POWER
    /// (500/5000 ms) and a 10 s detection window (sources: `androidABLSources`).
    static let ablLegacyFilteredScan = FilteredScan(
        lowPower: ScanDuty(window: .milliseconds(500), interval: .milliseconds(5000)), detectionWindow: .seconds(10))

    /// Android 8+ scan jobs: 10 s windows 5–25 minutes apart (sources: `androidABL8`).
    static let ablScanJobs = ScanJobs(window: .seconds(10), intervalMin: .minutes(5), intervalMax: .minutes(25))

    /// AOSP `AppScanStats`: 5 scan starts per 30 s (sources: `androidABLSources`).
    static let aospScanThrottle = ScanThrottle(limit: 5, period: .seconds(30))

    /// The Android Beacon Library on Android 8+ with its default job-scheduler strategy: background
    /// scans only in scan jobs spaced 5–25 minutes apart (typical exit 450 s, max 1500 s).
    public static let androidABL8: OSProfile = {
        var profile = OSProfile.androidABL
        profile.name = "android-abl-8"
        profile.summary =
            "Android Beacon Library on Android 8+ (job scheduler): background scans in jobs every ~15 min; typical exit 450 s, max 1500 s"
        profile.monitoring = .scanCycles(
            ScanCycleMonitoring(
                background: .jobs(ablScanJobs),
                filtered: FilteredScan(
                    lowPower: ScanDuty(window: .milliseconds(512), interval: .milliseconds(5120)),
                    detectionWindow: ablLegacyFilteredScan.detectionWindow)))
        profile.sources["jobScheduling"] =
            "Android 8+ default JobServiceScanStrategy (Settings.kt L144–148, H); ~15 min background scans (ABL #671/#1050, M)"
        profile.sources["jobIntervalMin"] = "MIN_SCAN_JOB_INTERVAL_MILLIS = 300 000 (ScanJobScheduler.java, H)"
        profile.sources["jobIntervalMax"] =
            "job windows every 10–25 minutes (ABL #736, M); uniform 5–25 min gives the 15 min periodic mean and the documented typical 450 s / max 1500 s exits (detection-times doc, H)"
        profile.sources["lowPowerScanWindow"] =
            "AOSP LOW_POWER 512 ms window, Android ≈ 9–12 (syberia ScanManager, H; version mapping M)"
        profile.sources["lowPowerScanInterval"] = "AOSP LOW_POWER 5120 ms interval, Android ≈ 9–12 (H; version mapping M)"
        return profile
    }()

    /// The Android Beacon Library on Android 8+ with a foreground service: continuous scanning and
    /// the `Settings` API's 30 s exit period (detection-times doc: 1 s first beacon, 30 s exit).
    public static let androidABL8ForegroundService: OSProfile = {
        var profile = OSProfile.androidABL
        profile.name = "android-abl-8-fgs"
        profile.summary = "Android Beacon Library on Android 8+ with a foreground service: continuous scanning, 30 s exit period"
        profile.monitoring = .scanCycles(
            ScanCycleMonitoring(background: .cycles(screenOn: profile.foregroundScan, screenOff: profile.foregroundScan)))
        profile.exitHysteresis = .seconds(30)
        profile.rangingLinger = .seconds(10)
        profile.sources["backgroundScanWindow"] = "foreground service: 100 % scan (detection-times doc, H)"
        profile.sources["backgroundScanInterval"] = "foreground service: 1.1 s cycles, no gap (detection-times doc, H)"
        profile.sources["screenOffScanWindow"] = "foreground service keeps scanning with the screen off (detection-times doc, H)"
        profile.sources["screenOffScanInterval"] = "as screenOffScanWindow (H)"
        profile.sources["filteredScanBetweenCycles"] = "no gaps between cycles to fill (H)"
        profile.sources["exitHysteresis"] =
            "Settings API regionExitPeriod 30 000 ms (Settings.kt L132, H); doc: disappear 30 s / 30 s"
        profile.sources["rangingLinger"] = "Settings API maxTrackingAge 10 000 ms (Settings.kt L134, H)"
        profile.android.foregroundService = true
        profile.sources["foregroundService"] =
            "enableForegroundServiceScanning (detection-times doc, H); start limits not modelled here (androidVersion 0)"
        return profile
    }()

    static let androidABLSources: [String: String] = [
        "foregroundScanWindow": "foregroundScanPeriod 1100 ms (BeaconManager.java L182, H)",
        "foregroundScanInterval":
            "foregroundBetweenScanPeriod 0 ms: continuous, processed per 1.1 s cycle (BeaconManager.java L186, H)",
        "hardwareAssisted": "no CoreLocation-style hardware slots; scans are app-driven (behaviour.md §2.1)",
        "backgroundScanWindow": "backgroundScanPeriod 10 000 ms (BeaconManager.java L190, H)",
        "backgroundScanInterval": "10 s scan + backgroundBetweenScanPeriod 300 000 ms (BeaconManager.java L194, H)",
        "screenOffScanWindow":
            "Android 5–7 has no SCREEN_OFF scan mode (added in current AOSP; behaviour.md §2.4, version mapping M): as background",
        "screenOffScanInterval": "as screenOffScanWindow",
        "filteredScanBetweenCycles":
            "CycledLeScannerForLollipop: filtered LOW_POWER scan between background cycles longer than 6 s (H)",
        "lowPowerScanWindow": "early AOSP LOW_POWER 500 ms window (LineageOS ScanManager, H; Android 5–7 mapping M)",
        "lowPowerScanInterval": "early AOSP LOW_POWER 5000 ms interval (H; mapping M)",
        "detectionWindow": "BACKGROUND_L_SCAN_DETECTION_PERIOD_MILLIS = 10 000 (CycledLeScannerForLollipop.java L33, H)",
        "jobScheduling": "BackgroundServiceScanStrategy below Android 8 (Settings.kt L144–148, H)",
        "jobIntervalMin": "unused without job scheduling",
        "jobIntervalMax": "unused without job scheduling",
        "scansOnlyAtScreenOn": "ABL scans on its own schedule (H)",
        "screenOnScanDuration": "unused",
        "scanStartLimit": "5 scan starts per 30 s per app (AOSP AppScanStats NUM_SCAN_DURATIONS_KEPT, H)",
        "scanStartPeriod": "EXCESSIVE_SCANNING_PERIOD_MS = 30 000 (AOSP AppScanStats, H)",
        "scanCycleMonitoring":
            "exit evaluated at the end of each scan cycle: now − lastSeen > regionExitPeriod (RegionMonitoringState.markOutsideIfExpired, H)",
        "evaluationInterval": "one foreground scan cycle, 1.1 s (H)",
        "exitHysteresis": "DEFAULT_EXIT_PERIOD 10 000 ms, legacy API (BeaconManager.java L198, H)",
        "backgroundEntryDelayMedian": "unused: entries are reported at detection (H)",
        "backgroundEntryDelayLogSD": "unused",
        "backgroundEntryDelayMin": "unused",
        "backgroundEntryDelayMax": "unused",
        "backgroundExitDelayMedian": "unused: exits at cycle ends (H)",
        "backgroundExitDelayLogSD": "unused",
        "backgroundExitDelayMax": "unused",
        "missedExitProbability": "exits are evaluated deterministically at cycle ends; no source reports lost ABL exits",
        "initialStateDelay": "state known after the first scan cycle, 1.1 s (L)",
        "screenOnStateDelay": "no screen-on state callback in ABL; used only for requestState-like rules (L)",
        "regionLimit": "no per-app region limit in ABL (state persistence keeps ≤ 50, MonitoringStatus.java, H)",
        "hardwareSlots": "not applicable",
        "wakeWindow": "not applicable: the beacon service keeps running (suspendsInBackground false)",
        "backgroundTaskDuration": "iOS concept; unused",
        "backgroundTaskFromWake": "iOS concept; unused",
        "backgroundTaskExpirationLead": "iOS concept; unused",
        "relaunchesKilledApps": "scanning resumes after an app kill (detection-times doc: 450 s job / 5 s intent, H)",
        "suspendsInBackground": "Android apps receive ABL callbacks from the running service (L)",
        "rangingInterval": "ranging callbacks at each scan-cycle end, 1.1 s in the foreground (H)",
        "rangingLinger": "RangedBeacon.DEFAULT_MAX_TRACKING_AGE 5000 ms (H)",
        "rssiAveragingWindow": "RunningAverageRssiFilter: 20 000 ms, trims the top and bottom n/10 + 1 (H)",
        "accuracyCoefficientA": "Nexus 5 curve 0.42093 (model-distance-calculations.json, H)",
        "accuracyCoefficientB": "Nexus 5 curve 6.9476 (H)",
        "accuracyCoefficientC": "Nexus 5 curve 0.54992 (H)",
        "immediateThreshold": "ABL reports distance only; CoreLocation-style 0.5 m threshold for comparison (L)",
        "nearThreshold": "CoreLocation-style 3 m threshold for comparison (L)",
    ]
}
