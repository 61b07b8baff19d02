// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension OSProfile {
    /// `scanStartLimit` at or above this is "no throttle" in the flat settings (the top of the
    /// parameter's range); the model has no throttle at all then.
    static let noThrottleLimit = 1000

    /// The profile as flat settings: the parameters of the modes it uses, and for the modes it does
    /// not use the values an override that switches them on starts from (`modeDefaults`).
    public var settings: ProfileSettings {
        var values = Self.modeDefaults
        values.set(foregroundScan, .foregroundScanWindow, .foregroundScanInterval)
        values[.scanStartLimit] = .number(Double(scanThrottle?.limit ?? Self.noThrottleLimit))
        if let scanThrottle { values[.scanStartPeriod] = .duration(scanThrottle.period) }
        values[.scanCycleMonitoring] = .flag(monitoring.scanCycles != nil)
        values[.hardwareAssisted] = .flag(monitoring.hardwareFilter != nil)
        switch monitoring {
        case .coreLocation(let coreLocation):
            values.set(coreLocation.softwareScan, .backgroundScanWindow, .backgroundScanInterval)
            values.set(coreLocation.softwareScan, .screenOffScanWindow, .screenOffScanInterval)
            if let filter = coreLocation.hardwareFilter { values.set(filter) }
        case .scanCycles(let scanCycles):
            values.set(scanCycles.background)
            if let filtered = scanCycles.filtered {
                values[.filteredScanBetweenCycles] = .flag(true)
                values.set(filtered.lowPower, .lowPowerScanWindow, .lowPowerScanInterval)
                values[.detectionWindow] = .duration(filtered.detectionWindow)
            }
        }
        for (key, duration) in [
            (ProfileKey.evaluationInterval, evaluationInterval), (.exitHysteresis, exitHysteresis),
            (.initialStateDelay, initialStateDelay), (.screenOnStateDelay, screenOnStateDelay),
            (.rangingInterval, rangingInterval), (.rangingLinger, rangingLinger), (.rssiAveragingWindow, rssiAveragingWindow),
        ] {
            values[key] = .duration(duration)
        }
        values[.regionLimit] = .number(Double(regionLimit))
        values[.clMonitorAvailable] = .flag(clMonitor != nil)
        if let clMonitor { values.set(clMonitor) }
        values[.controlCenterBluetoothRestoreAt] = .duration(controlCenterBluetoothRestoreAt)
        values[.suspendsInBackground] = .flag(execution.budget != nil)
        if let budget = execution.budget { values.set(budget) }
        values[.relaunchesKilledApps] = .flag(killedApps == .relaunched)
        for (key, number) in [
            (ProfileKey.accuracyCoefficientA, accuracyCoefficientA), (.accuracyCoefficientB, accuracyCoefficientB),
            (.accuracyCoefficientC, accuracyCoefficientC), (.immediateThreshold, immediateThreshold),
            (.nearThreshold, nearThreshold),
        ] {
            values[key] = .number(number)
        }
        values.setPressure(of: self)
        values.set(android)
        values[.coreBluetoothBackgroundInterval] = .duration(coreBluetoothBackgroundInterval)
        return values
    }

    /// `base` (name, summary, platform, sources) with its modes and parameters rebuilt from
    /// `settings`. Flags choose the modes as the scheduler always has: `scanCycleMonitoring`
    /// chooses the app's scan cycles over CoreLocation; with scan cycles, `scansOnlyAtScreenOn`
    /// wins over `jobScheduling`, which wins over periodic cycles; `hardwareAssisted` counts only
    /// for CoreLocation.
    public init(rebuilding base: OSProfile, from settings: ProfileSettings) {
        let background = settings.duty(.backgroundScanWindow, .backgroundScanInterval)
        let monitoring: MonitoringStyle
        if settings.flag(.scanCycleMonitoring) {
            let policy: BackgroundScanPolicy =
                if settings.flag(.scansOnlyAtScreenOn) {
                    .atScreenOn(ScreenOnScan(duration: settings.duration(.screenOnScanDuration), scan: background))
                } else if settings.flag(.jobScheduling) {
                    .jobs(
                        ScanJobs(
                            window: background.window, intervalMin: settings.duration(.jobIntervalMin),
                            intervalMax: settings.duration(.jobIntervalMax)))
                } else {
                    .cycles(screenOn: background, screenOff: settings.duty(.screenOffScanWindow, .screenOffScanInterval))
                }
            let filtered =
                settings.flag(.filteredScanBetweenCycles)
                ? FilteredScan(
                    lowPower: settings.duty(.lowPowerScanWindow, .lowPowerScanInterval),
                    detectionWindow: settings.duration(.detectionWindow)) : nil
            monitoring = .scanCycles(ScanCycleMonitoring(background: policy, filtered: filtered))
        } else {
            let filter = settings.flag(.hardwareAssisted) ? settings.hardwareFilter : nil
            monitoring = .coreLocation(CoreLocationMonitoring(softwareScan: background, hardwareFilter: filter))
        }
        let limit = settings.count(.scanStartLimit)
        self.init(
            name: base.name, summary: base.summary, platform: base.platform, sources: base.sources,
            foregroundScan: settings.duty(.foregroundScanWindow, .foregroundScanInterval),
            scanThrottle: limit < Self.noThrottleLimit
                ? ScanThrottle(limit: limit, period: settings.duration(.scanStartPeriod)) : nil,
            monitoring: monitoring, evaluationInterval: settings.duration(.evaluationInterval),
            exitHysteresis: settings.duration(.exitHysteresis), initialStateDelay: settings.duration(.initialStateDelay),
            screenOnStateDelay: settings.duration(.screenOnStateDelay), regionLimit: settings.count(.regionLimit),
            execution: settings.flag(.suspendsInBackground) ? .suspends(settings.backgroundTimeBudget) : .keepsRunning,
            killedApps: settings.flag(.relaunchesKilledApps) ? .relaunched : .staysTerminated,
            rangingInterval: settings.duration(.rangingInterval), rangingLinger: settings.duration(.rangingLinger),
            rssiAveragingWindow: settings.duration(.rssiAveragingWindow),
            accuracyCoefficientA: settings.number(.accuracyCoefficientA),
            accuracyCoefficientB: settings.number(.accuracyCoefficientB),
            accuracyCoefficientC: settings.number(.accuracyCoefficientC),
            immediateThreshold: settings.number(.immediateThreshold), nearThreshold: settings.number(.nearThreshold))
        coreBluetoothBackgroundInterval = settings.duration(.coreBluetoothBackgroundInterval)
        changes = base.changes
        if base.platform == .android {  // Android-only modes
            settings.applyPressure(to: &self)
            android = settings.androidPlatform
            android.intentScans = android.intentScans && monitoring.scanCycles?.filtered != nil  // needs a filtered scan
        }
        // iOS-only modes: an Android profile keeps none whatever its settings say.
        guard base.platform == .iOS else { return }
        clMonitor = settings.flag(.clMonitorAvailable) ? settings.clMonitorSupport : nil
        controlCenterBluetoothRestoreAt = settings.duration(.controlCenterBluetoothRestoreAt)
    }

    /// The values of mode parameters a profile does not use: the iOS 13+ hardware filter and
    /// background budget (`OSProfile+iOS`), the Android Beacon Library's filtered scan, scan jobs
    /// and 5-minute background cycle, Nearby's screen-on scan, AOSP's 30 s throttle period. The
    /// sources are the built-in profiles' that use them.
    static let modeDefaults: ProfileSettings = {
        var values = ProfileSettings([:])
        values.set(OSProfile.iOSHardwareFilter)
        values.set(OSProfile.iOSBackgroundBudget)
        let abl = OSProfile.ablLegacyFilteredScan
        values[.filteredScanBetweenCycles] = .flag(false)
        values.set(abl.lowPower, .lowPowerScanWindow, .lowPowerScanInterval)
        values[.detectionWindow] = .duration(abl.detectionWindow)
        values[.jobScheduling] = .flag(false)
        values[.jobIntervalMin] = .duration(OSProfile.ablScanJobs.intervalMin)
        values[.jobIntervalMax] = .duration(OSProfile.ablScanJobs.intervalMax)
        values[.backgroundScanInterval] = .duration(OSProfile.ablBackgroundCycle.interval)
        values[.scansOnlyAtScreenOn] = .flag(false)
        values[.screenOnScanDuration] = .duration(OSProfile.nearbyScreenOnScanDuration)
        values[.scanStartPeriod] = .duration(OSProfile.aospScanThrottle.period)
        values.set(OSProfile.iOS18Monitor)
        return values
    }()
}
