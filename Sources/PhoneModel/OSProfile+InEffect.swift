// SPDX-License-Identifier: GPL-3.0-or-later

extension OSProfile {
    /// The parameters this profile's modes use. The others belong to modes it does not use (the
    /// hardware filter on Android, scan jobs without job scheduling, …): an override of one has no
    /// effect unless a flag switches its mode on, and `beaconsim profiles` marks them.
    public var parametersInEffect: Set<ProfileKey> {
        var unused: Set<ProfileKey> = []
        let hardware: [ProfileKey] = [
            .hardwareSlots, .backgroundEntryDelayMedian, .backgroundEntryDelayLogSD, .backgroundEntryDelayMin,
            .backgroundEntryDelayMax, .backgroundExitDelayMedian, .backgroundExitDelayLogSD, .backgroundExitDelayMax,
            .missedExitProbability,
        ]
        let filtered: [ProfileKey] = [.lowPowerScanWindow, .lowPowerScanInterval, .detectionWindow]
        let screenOff: [ProfileKey] = [.screenOffScanWindow, .screenOffScanInterval]
        let jobs: [ProfileKey] = [.jobIntervalMin, .jobIntervalMax]
        switch monitoring {
        case .coreLocation(let coreLocation):
            unused.formUnion(screenOff + filtered + jobs)
            unused.formUnion([.filteredScanBetweenCycles, .jobScheduling, .scansOnlyAtScreenOn, .screenOnScanDuration])
            if coreLocation.hardwareFilter == nil { unused.formUnion(hardware) }
        case .scanCycles(let scanCycles):
            unused.formUnion(hardware + [.hardwareAssisted])
            if scanCycles.filtered == nil { unused.formUnion(filtered + [.intentScanStrategy]) }
            switch scanCycles.background {
            case .cycles: unused.formUnion(jobs + [.screenOnScanDuration])
            case .jobs: unused.formUnion(screenOff + [.backgroundScanInterval, .screenOnScanDuration])
            case .atScreenOn: unused.formUnion(screenOff + jobs + [.jobScheduling])
            }
        }
        unused.formUnion(android.unusedKeys(on: platform))
        if scanThrottle == nil { unused.insert(.scanStartPeriod) }
        if clMonitor == nil {
            unused.formUnion([.conditionLimit, .serviceSessionRequired, .conditionReaddResets, .pendingEventStopsMonitoring])
        }
        if platform != .iOS { unused.formUnion([.clMonitorAvailable, .controlCenterBluetoothRestoreAt]) }
        if execution.budget == nil {
            unused.formUnion([.wakeWindow, .backgroundTaskDuration, .backgroundTaskFromWake, .backgroundTaskExpirationLead])
        }
        unused.formUnion(pressureKeysNotInEffect)
        return Set(ProfileKey.allCases).subtracting(unused)
    }
}
