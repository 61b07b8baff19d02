// SPDX-License-Identifier: GPL-3.0-or-later

extension ProfileParameter {
    /// Every overridable parameter, in the order `beaconsim profiles` prints them.
    public static let all: [ProfileParameter] = [
        .duration("foregroundScanWindow", \.foregroundScanWindow, "scan window in the foreground"),
        .duration("foregroundScanInterval", \.foregroundScanInterval, "scan interval in the foreground"),
        .flag("hardwareAssisted", \.hardwareAssisted, "background detection by the controller's hardware filter"),
        .duration("backgroundScanWindow", \.backgroundScanWindow, "software background scan window"),
        .duration("backgroundScanInterval", \.backgroundScanInterval, "software background scan interval"),
        .duration("screenOffScanWindow", \.screenOffScanWindow, "scan window with the screen off (background)"),
        .duration("screenOffScanInterval", \.screenOffScanInterval, "scan interval with the screen off (background)"),
        .flag("filteredScanBetweenCycles", \.filteredScanBetweenCycles, "low-power filtered scan between background cycles"),
        .duration("lowPowerScanWindow", \.lowPowerScanWindow, "OS LOW_POWER scan window"),
        .duration("lowPowerScanInterval", \.lowPowerScanInterval, "OS LOW_POWER scan interval"),
        .duration("detectionWindow", \.detectionWindow, "continuous scan after a filtered-scan hit"),
        .flag("jobScheduling", \.jobScheduling, "background scans only in scheduled job windows (Android 8+)"),
        .duration("jobIntervalMin", \.jobIntervalMin, "shortest time between scan jobs"),
        .duration("jobIntervalMax", \.jobIntervalMax, "longest time between scan jobs"),
        .flag("scansOnlyAtScreenOn", \.scansOnlyAtScreenOn, "background scans only after screen-on"),
        .duration("screenOnScanDuration", \.screenOnScanDuration, "scan length after a screen-on"),
        .number("scanStartLimit", \.scanStartLimit, 0...1000, "scan starts allowed per period before results are withheld"),
        .duration("scanStartPeriod", \.scanStartPeriod, "period of the scan-start throttle"),
        .flag("scanCycleMonitoring", \.scanCycleMonitoring, "entries at detection, exits and ranging at scan-cycle ends"),
        .duration("evaluationInterval", \.evaluationInterval, "foreground monitoring/ranging processing cycle"),
        .duration("exitHysteresis", \.exitHysteresis, "time without a packet before an exit"),
        .duration("backgroundEntryDelayMedian", \.backgroundEntryDelayMedian, "median hardware-assisted background entry delay"),
        .number("backgroundEntryDelayLogSD", \.backgroundEntryDelayLogSD, 0...5, "log-SD of the background entry delay"),
        .duration("backgroundEntryDelayMin", \.backgroundEntryDelayMin, "shortest background entry delay"),
        .duration("backgroundEntryDelayMax", \.backgroundEntryDelayMax, "longest background entry delay"),
        .duration(
            "backgroundExitDelayMedian", \.backgroundExitDelayMedian, "median extra background exit delay after the hysteresis"),
        .number("backgroundExitDelayLogSD", \.backgroundExitDelayLogSD, 0...5, "log-SD of the extra background exit delay"),
        .duration("backgroundExitDelayMax", \.backgroundExitDelayMax, "longest extra background exit delay"),
        .number("missedExitProbability", \.missedExitProbability, 0...1, "probability a background exit is never delivered"),
        .duration("initialStateDelay", \.initialStateDelay, "time to determine the initial region state"),
        .duration("screenOnStateDelay", \.screenOnStateDelay, "screen-on to didDetermineState delay"),
        .number("regionLimit", \.regionLimit, 0...1000, "regions one app may monitor"),
        .number("hardwareSlots", \.hardwareSlots, 0...1000, "system-wide hardware-filter region slots"),
        .duration("wakeWindow", \.wakeWindow, "running time after a region event wakes the app"),
        .duration("backgroundTaskDuration", \.backgroundTaskDuration, "background time a background task obtains"),
        .flag(
            "backgroundTaskFromWake", \.backgroundTaskFromWake,
            "background-task time counts from the wake (or leaving the app), not from the request"),
        .duration(
            "backgroundTaskExpirationLead", \.backgroundTaskExpirationLead,
            "time before background time runs out at which the expiration handler runs"),
        .flag("relaunchesKilledApps", \.relaunchesKilledApps, "relaunch user-killed apps for region events"),
        .flag("suspendsInBackground", \.suspendsInBackground, "suspend a background app after its wake window"),
        .duration("rangingInterval", \.rangingInterval, "interval of didRangeBeacons"),
        .duration("rangingLinger", \.rangingLinger, "how long a missed beacon stays listed as unknown"),
        .duration("rssiAveragingWindow", \.rssiAveragingWindow, "RSSI averaging window of ranging"),
        .number("accuracyCoefficientA", \.accuracyCoefficientA, -100...100, "distance curve A (metres)"),
        .number("accuracyCoefficientB", \.accuracyCoefficientB, -100...100, "distance curve exponent B"),
        .number("accuracyCoefficientC", \.accuracyCoefficientC, -100...100, "distance curve offset C (metres)"),
        .number("immediateThreshold", \.immediateThreshold, 0...100, "accuracy below which proximity is immediate (m)"),
        .number("nearThreshold", \.nearThreshold, 0...1000, "accuracy below which proximity is near (m)"),
    ]

    /// `all` by key.
    public static let byKey: [String: ProfileParameter] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })
}
