// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// iOS 13–16 on iPhone 5 or later (the region API; no CLMonitor): hardware-assisted background
    /// monitoring. Its timing is also that of the later families (`OSProfile+iOSFamilies`), for
    /// want of newer measurements.
    public static let iOS = OSProfile(
        name: "ios",
        summary:
            "iOS 13–16, region API (CLLocationManager): hardware-assisted background entry in seconds, ~30 s exit, 10 s wake window",
        platform: .iOS,
        sources: iOSSources.merging(appleAPISources) { own, _ in own }.merging(androidPlatformIOSSources) { own, _ in own }
            .merging(formatSources) { own, _ in own },
        foregroundScan: ScanDuty(window: .seconds(1), interval: .seconds(1)),
        scanThrottle: nil,
        monitoring: .coreLocation(
            CoreLocationMonitoring(softwareScan: iOSSoftwareScan, hardwareFilter: iOSHardwareFilter)),
        evaluationInterval: .seconds(1),
        exitHysteresis: .seconds(30),
        initialStateDelay: .seconds(1), screenOnStateDelay: .seconds(1),
        regionLimit: 20,
        execution: .suspends(iOSBackgroundBudget),
        killedApps: .relaunched,
        rangingInterval: .seconds(1), rangingLinger: .seconds(3), rssiAveragingWindow: .seconds(1),
        accuracyCoefficientA: 0.89976, accuracyCoefficientB: 7.7095, accuracyCoefficientC: 0.111,
        immediateThreshold: 0.5, nearThreshold: 3.0)

    /// The periodic software background scan: a 10 s window every 15 minutes (sources: `iOSSources`
    /// and `iOS70`).
    static let iOSSoftwareScan = ScanDuty(window: .seconds(10), interval: .minutes(15))

    /// The hardware filter of iPhone 5+ on iOS 7.1+ (sources: `iOSSources`, the background entry and
    /// exit delays and hardware slots).
    static let iOSHardwareFilter = HardwareFilter(
        slots: 30,
        entryDelay: DelayDistribution(median: .seconds(4), logSD: 0.67, minimum: .seconds(1), maximum: .seconds(15)),
        exitDelay: DelayDistribution(median: .seconds(5), logSD: 1.2, minimum: .zero, maximum: .seconds(600)),
        missedExitProbability: 0.05)

    /// iOS 13+: a 10 s wake window, 30 s background tasks counted from the wake, the expiration
    /// handler 5 s before the end (sources: `iOSSources`).
    static let iOSBackgroundBudget = BackgroundTimeBudget(
        wakeWindow: .seconds(10), taskDuration: .seconds(30), taskClock: .fromSessionStart, expirationLead: .seconds(5))

    /// iOS 7.1–12: as `ios`, but a background task obtains ~180 s.
    public static let iOS12: OSProfile = {
        var profile = OSProfile.iOS
        profile.name = "ios-12"
        profile.summary = "iOS 7.1–12 on iPhone 5 or later: as ios, with ~180 s background tasks"
        profile.execution = .suspends(iOS12BackgroundBudget)
        profile.sources["backgroundTaskDuration"] =
            "~180 s on iOS 7–12: SO / Estimote forum, crash log permittedBackgroundDuration 180 (behaviour.md §1.4, M)"
        return profile
    }()

    /// iOS 7.0 (or an iPhone 4S): no hardware assist, ~15-minute background scans, killed apps
    /// are not relaunched.
    public static let iOS70: OSProfile = {
        var profile = OSProfile.iOS
        profile.name = "ios-7.0"
        profile.summary = "iOS 7.0 / no hardware assist: periodic background scans ~15 min, killed apps not relaunched"
        profile.monitoring = .coreLocation(CoreLocationMonitoring(softwareScan: iOSSoftwareScan, hardwareFilter: nil))
        profile.killedApps = .staysTerminated
        profile.execution = .suspends(iOS12BackgroundBudget)
        profile.sources["hardwareAssisted"] =
            "iOS 7.0 / iPhone 4S: no hardware acceleration, up to 15 min (Young 2013; Radius 2014, H)"
        profile.sources["backgroundScanInterval"] =
            "~15-min periodic background scan: callbacks cluster 15 min apart (Radius 2014 log, H log / M periodicity)"
        profile.sources["backgroundScanWindow"] =
            "exit reported ~3 s after the periodic scan starts (Radius 2014 log, H); window length not published, 10 s chosen (L)"
        profile.sources["relaunchesKilledApps"] = "iOS 7.0: a swipe-killed app was not relaunched (beekn 2014, M)"
        profile.sources["backgroundTaskDuration"] = "~180 s on iOS 7–12 (behaviour.md §1.4, M)"
        return profile
    }()

    /// iOS 7–12: as iOS 13+, with ~180 s background tasks.
    static let iOS12BackgroundBudget: BackgroundTimeBudget = {
        var budget = iOSBackgroundBudget
        budget.taskDuration = .seconds(180)
        return budget
    }()

    static let iOSSources: [String: String] = [
        "foregroundScanWindow": "foreground ranging keeps the radio scanning; region change seen within 1 s (Young 2013, H)",
        "foregroundScanInterval": "continuous scanning, processed in 1 s cycles (Young 2013; Apple CLBeacon.rssi doc, H)",
        "hardwareAssisted":
            "iPhone 5+ iOS 7.1+: hardware acceleration detects beacons within seconds (Young SO answer, M; Radius 2015, H)",
        "backgroundScanWindow": "software scan for regions beyond the hardware slots; length not published (L)",
        "backgroundScanInterval": "~15-min periodic background scan without hardware assist (Radius 2014, H log / M)",
        "evaluationInterval":
            "ranging callbacks once per second (SO 28255475; Young, H); the cycle's phase is drawn per phone, uniform over one cycle (no source ties it to anything observable)",
        "exitHysteresis": "built-in 30 s exit delay (Estimote KB 203253193, M; Young: ≥ 30 s in the foreground, M)",
        "backgroundEntryDelayMedian":
            "background entry 1–15 s, means 1–7 s (Radius 2015 iOS 8.3; Radius 2017 2–15 s, H); a log-normal truncated to the published range (not clamped: no mass at the limits), mean 4.7 s; fit (L)",
        "backgroundEntryDelayLogSD": "fit so the 95th percentile is ≈ 12 s (Radius 2015 ranges 1–12 s, H; fit L)",
        "backgroundEntryDelayMin": "fastest measured background entry 1 s (Radius 2015, H); lower truncation limit",
        "backgroundEntryDelayMax": "slowest typical background entry 15 s (Radius 2017, H); upper truncation limit",
        "backgroundExitDelayMedian":
            "locked exits: means 35–42 s (Radius 2015, H), 20–30 s typical (Radius 2017, H); 30 s + log-normal fit (L)",
        "backgroundExitDelayLogSD": "long tail: some exits exceed 2 min (Radius 2017, H); fit gives ~1 % beyond 120 s (L)",
        "backgroundExitDelayMax":
            "upper truncation limit of the extra delay; cut-offs in the tests were 2–5 min (Radius 2015, H)",
        "missedExitProbability":
            "some exits never delivered (Radius 2017, H); 18 of 33 trials in 2015 within a 2–5 min cut-off. Sources disagree; 0.05 chosen (L)",
        "initialStateDelay":
            "no public figure; the seed claim of ~1 min (C24) is unverified (behaviour.md §7); 1 s of scanning, then the next processing cycle (L)",
        "screenOnStateDelay":
            "didDetermineState within ~1 s of screen-on with notifyEntryStateOnDisplay (Young 2013, H): reported at the processing cycle ending this delay, so within (0, 1] s",
        "regionLimit": "20 regions per app, regionMonitoringFailure beyond (Apple docs, H)",
        "hardwareSlots": "~30 system-wide priority slots (Radius 2015 max-beacon-regions, M)",
        "wakeWindow": "woken for around 10 seconds (Apple Region Monitoring guide, H; Estimote KB, M)",
        "backgroundTaskDuration":
            "~30 s on iOS 13+ (Apple DTS, forums 391799: \"your task ran for 30 seconds\", M); iOS 7–12 gave ~180 s (ios-12 profile)",
        "backgroundTaskFromWake":
            "backgroundTimeRemaining is the time the app has left in the background (Apple doc, H); ~170 s reported on entering the background on iOS 7–12 (forums 391799, M): the budget runs from the background session's start, not the request (L inference)",
        "backgroundTaskExpirationLead":
            "handler called \"shortly before the app's remaining background time reaches 0\" (Apple beginBackgroundTask(expirationHandler:) doc, H, no figure); \"at most a few seconds\" (iOS Components and Frameworks ch. 16, L); 5 s chosen (L)",
        "relaunchesKilledApps": "iOS 7.1+ relaunches swipe-killed apps (beekn 2014, M)",
        "rangingInterval": "didRangeBeacons once per second (H)",
        "rangingLinger":
            "missed beacons listed with proximity unknown, rssi 0, accuracy −1 before being dropped (cordova-plugin-ibeacon #397, M semantics); duration not published, 3 s chosen (L)",
        "accuracyCoefficientA": "iPhone 5 curve fit 0.89976 (Young, SO 20416218, M)",
        "accuracyCoefficientB": "iPhone 5 curve fit exponent 7.7095 (Young, SO 20416218, M)",
        "accuracyCoefficientC": "iPhone 5 curve fit offset 0.111 (Young, SO 20416218, M)",
        "immediateThreshold": "common snippet: < 0.5 m immediate (behaviour.md §1.3, L; Apple documents no threshold)",
        "nearThreshold": "common snippet: < 3 m near, else far (behaviour.md §1.3, L)",
        "screenOffScanWindow":
            "iOS publishes no screen-off duty cycle (\"reduces scanning when locked\", Estimote KB, M); same as the software background scan (L)",
        "screenOffScanInterval": "as screenOffScanWindow (L)",
        "filteredScanBetweenCycles": "Android-only mechanism; unused on iOS",
        "lowPowerScanWindow": "Android-only (AOSP LOW_POWER); unused on iOS",
        "lowPowerScanInterval": "Android-only (AOSP LOW_POWER); unused on iOS",
        "detectionWindow": "Android-only (ABL detection window); unused on iOS",
        "jobScheduling": "Android 8+ only; unused on iOS",
        "jobIntervalMin": "Android 8+ only; unused on iOS",
        "jobIntervalMax": "Android 8+ only; unused on iOS",
        "scansOnlyAtScreenOn": "Nearby on Android only; unused on iOS",
        "screenOnScanDuration": "Nearby on Android only; unused on iOS",
        "scanStartLimit": "Android 7+ throttle only; no limit on iOS",
        "scanStartPeriod": "Android 7+ throttle only; unused on iOS",
        "scanCycleMonitoring": "CoreLocation style: timers and hardware-assisted delays (behaviour.md §1.1–1.2)",
        "suspendsInBackground": "iOS suspends a background app after its ~10 s wake window (Apple Region Monitoring guide, H)",
        "rssiAveragingWindow": "CLBeacon.rssi averages the samples since the last report, ~1 s (Apple doc, H)",
    ]
}
