// SPDX-License-Identifier: GPL-3.0-or-later

extension ProfileParameter {
    /// Every overridable parameter, in the order `beaconsim profiles` prints them.
    public static let all: [ProfileParameter] = [
        .duration(.foregroundScanWindow, "scan window in the foreground"),
        .duration(.foregroundScanInterval, "scan interval in the foreground"),
        .flag(.hardwareAssisted, "background detection by the controller's hardware filter"),
        .duration(
            .backgroundScanWindow,
            "background scan window: CoreLocation's software scan, or the scan cycle's, scan job's or screen-on scan's"),
        .duration(
            .backgroundScanInterval,
            "background scan interval: CoreLocation's software scan, the scan cycle's or the screen-on scan's"),
        .duration(.screenOffScanWindow, "scan window with the screen off (background)"),
        .duration(.screenOffScanInterval, "scan interval with the screen off (background)"),
        .flag(.filteredScanBetweenCycles, "low-power filtered scan between background cycles"),
        .duration(.lowPowerScanWindow, "OS LOW_POWER scan window"),
        .duration(.lowPowerScanInterval, "OS LOW_POWER scan interval"),
        .duration(.detectionWindow, "continuous scan after a filtered-scan hit"),
        .flag(.jobScheduling, "background scans only in scheduled job windows (Android 8+)"),
        .duration(.jobIntervalMin, "shortest time between scan jobs"),
        .duration(.jobIntervalMax, "longest time between scan jobs"),
        .flag(.scansOnlyAtScreenOn, "background scans only after screen-on"),
        .duration(.screenOnScanDuration, "scan length after a screen-on"),
        .count(.scanStartLimit, 0...1000, "scan starts allowed per period before results are withheld (1000: no throttle)"),
        .duration(.scanStartPeriod, "period of the scan-start throttle"),
        .flag(.scanCycleMonitoring, "entries at detection, exits and ranging at scan-cycle ends"),
        .duration(.evaluationInterval, "foreground monitoring/ranging processing cycle"),
        .duration(.exitHysteresis, "time without a packet before an exit"),
        .duration(.backgroundEntryDelayMedian, "median hardware-assisted background entry delay"),
        .number(.backgroundEntryDelayLogSD, 0...5, "log-SD of the background entry delay"),
        .duration(.backgroundEntryDelayMin, "shortest background entry delay"),
        .duration(.backgroundEntryDelayMax, "longest background entry delay"),
        .duration(.backgroundExitDelayMedian, "median extra background exit delay after the hysteresis"),
        .number(.backgroundExitDelayLogSD, 0...5, "log-SD of the extra background exit delay"),
        .duration(.backgroundExitDelayMax, "longest extra background exit delay"),
        .number(.missedExitProbability, 0...1, "probability a background exit is never delivered"),
        .duration(.initialStateDelay, "time to determine the initial region state"),
        .duration(.screenOnStateDelay, "screen-on to didDetermineState delay"),
        .count(.regionLimit, 0...1000, "regions one app may monitor"),
        .count(.hardwareSlots, 0...1000, "system-wide hardware-filter region slots"),
        .duration(.wakeWindow, "running time after a region event wakes the app"),
        .duration(.backgroundTaskDuration, "background time a background task obtains"),
        .flag(
            .backgroundTaskFromWake,
            "background-task time counts from the wake (or leaving the app), not from the request"),
        .duration(
            .backgroundTaskExpirationLead,
            "time before background time runs out at which the expiration handler runs"),
        .flag(.relaunchesKilledApps, "relaunch user-killed apps for region events"),
        .flag(.suspendsInBackground, "suspend a background app after its wake window"),
        .duration(.rangingInterval, "interval of didRangeBeacons"),
        .duration(.rangingLinger, "how long a missed beacon stays listed as unknown"),
        .duration(.rssiAveragingWindow, "RSSI averaging window of ranging"),
        .number(.accuracyCoefficientA, -100...100, "distance curve A (metres)"),
        .number(.accuracyCoefficientB, -100...100, "distance curve exponent B"),
        .number(.accuracyCoefficientC, -100...100, "distance curve offset C (metres)"),
        .number(.immediateThreshold, 0...100, "accuracy below which proximity is immediate (m)"),
        .number(.nearThreshold, 0...1000, "accuracy below which proximity is near (m)"),
        .flag(.clMonitorAvailable, "CLMonitor exists (iOS 17+): apps may use api: clMonitor"),
        .count(.conditionLimit, 0...1000, "CLMonitor conditions one app may monitor; more get conditionLimitExceeded"),
        .flag(.serviceSessionRequired, "background CLMonitor events need a held CLServiceSession(.always) (iOS 18+)"),
        .flag(.conditionReaddResets, "re-adding an unchanged CLMonitor condition resets its state"),
        .flag(
            .pendingEventStopsMonitoring,
            "Core Location stops monitoring a condition whose event is pending with no CLMonitor open"),
        .duration(
            .controlCenterBluetoothRestoreAt,
            "time of day (from the run's 00:00) at which Bluetooth turned off in Control Center comes back"),
        .flag(.doze, "deep Doze: a still, dark, unplugged phone defers scan jobs to maintenance windows"),
        .duration(.dozeIdleAfter, "still, screen off and unplugged this long before Doze"),
        .duration(.dozeFirstIdlePeriod, "first Doze idle period before a maintenance window (doubles each time)"),
        .duration(.dozeMaxIdlePeriod, "longest Doze idle period"),
        .duration(.dozeMaintenanceWindow, "length of a Doze maintenance window"),
        .flag(.android16JobQuotas, "Android 16 job quotas: the active standby bucket is limited too"),
        .duration(.backgroundKillDelay, "background time before an aggressive maker kills a non-exempt app"),
        .count(.androidVersion, 0...99, "Android release whose start limits apply (12+, 14+ at boot); 0: not modelled"),
        .duration(.scanTimeout, "OS long-scan timeout of a scan that is never stopped (0: none)"),
        .flag(.longScanForcing, "ABL longScanForcingEnabled: the library restarts the scan at the timeout"),
        .flag(.foregroundService, "the app scans in a foreground service (the background scans as the foreground)"),
        .flag(.foregroundServiceBootRetry, "the library retries a refused foreground-service start at BOOT_COMPLETED"),
        .flag(.screenOffScanFilters, "the library's scans carry filters with the screen off"),
        .flag(
            .intentScanStrategy,
            "ABL IntentScanStrategy: filtered-scan matches reach the app by PendingIntent, also while inside; exits in jobs"),
        .duration(
            .coreBluetoothBackgroundInterval,
            "iOS: shortest time between two CoreBluetooth discoveries of one beacon in the background"),
    ]

    /// `all` by key.
    public static let byKey: [String: ProfileParameter] = Dictionary(uniqueKeysWithValues: all.map { ($0.key, $0) })

    /// The parameter of `name`.
    static func of(_ name: ProfileKey) -> ProfileParameter {
        guard let parameter = byKey[name.rawValue] else { preconditionFailure("no parameter for \(name)") }
        return parameter
    }
}
