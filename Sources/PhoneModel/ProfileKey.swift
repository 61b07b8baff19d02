// SPDX-License-Identifier: GPL-3.0-or-later

/// The name of one overridable OS-profile parameter, as scenarios write it
/// (`phones[].overrides: { exitHysteresis: 20s }`) and `beaconsim profiles` prints it, in that
/// listing's order. The keys are the flat, stable surface of `OSProfile`'s modes
/// (`ProfileSettings`); docs/phone-model.md lists which mode each belongs to.
public enum ProfileKey: String, CaseIterable, Hashable, Sendable {
    case foregroundScanWindow, foregroundScanInterval
    case hardwareAssisted
    case backgroundScanWindow, backgroundScanInterval
    case screenOffScanWindow, screenOffScanInterval
    case filteredScanBetweenCycles, lowPowerScanWindow, lowPowerScanInterval, detectionWindow
    case jobScheduling, jobIntervalMin, jobIntervalMax
    case scansOnlyAtScreenOn, screenOnScanDuration
    case scanStartLimit, scanStartPeriod
    case scanCycleMonitoring
    case evaluationInterval, exitHysteresis
    case backgroundEntryDelayMedian, backgroundEntryDelayLogSD, backgroundEntryDelayMin, backgroundEntryDelayMax
    case backgroundExitDelayMedian, backgroundExitDelayLogSD, backgroundExitDelayMax
    case missedExitProbability
    case initialStateDelay, screenOnStateDelay
    case regionLimit, hardwareSlots
    case wakeWindow, backgroundTaskDuration, backgroundTaskFromWake, backgroundTaskExpirationLead
    case relaunchesKilledApps, suspendsInBackground
    case rangingInterval, rangingLinger, rssiAveragingWindow
    case accuracyCoefficientA, accuracyCoefficientB, accuracyCoefficientC
    case immediateThreshold, nearThreshold
    case clMonitorAvailable, conditionLimit, serviceSessionRequired, conditionReaddResets, pendingEventStopsMonitoring
    case controlCenterBluetoothRestoreAt
    case doze, dozeIdleAfter, dozeFirstIdlePeriod, dozeMaxIdlePeriod, dozeMaintenanceWindow
    case android16JobQuotas, backgroundKillDelay
    case androidVersion, scanTimeout, longScanForcing, foregroundService, foregroundServiceBootRetry, screenOffScanFilters
    case intentScanStrategy
    case coreBluetoothBackgroundInterval
}
