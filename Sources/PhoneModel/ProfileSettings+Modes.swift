// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

extension ProfileSettings {
    /// The hardware filter these settings describe.
    var hardwareFilter: HardwareFilter {
        HardwareFilter(
            slots: count(.hardwareSlots),
            entryDelay: DelayDistribution(
                median: duration(.backgroundEntryDelayMedian), logSD: number(.backgroundEntryDelayLogSD),
                minimum: duration(.backgroundEntryDelayMin), maximum: duration(.backgroundEntryDelayMax)),
            exitDelay: DelayDistribution(
                median: duration(.backgroundExitDelayMedian), logSD: number(.backgroundExitDelayLogSD), minimum: .zero,
                maximum: duration(.backgroundExitDelayMax)),
            missedExitProbability: number(.missedExitProbability))
    }

    /// The background time budget these settings describe.
    var backgroundTimeBudget: BackgroundTimeBudget {
        BackgroundTimeBudget(
            wakeWindow: duration(.wakeWindow), taskDuration: duration(.backgroundTaskDuration),
            taskClock: flag(.backgroundTaskFromWake) ? .fromSessionStart : .fromRequest,
            expirationLead: duration(.backgroundTaskExpirationLead))
    }

    /// The `CLMonitor` rules these settings describe.
    var clMonitorSupport: CLMonitorSupport {
        CLMonitorSupport(
            conditionLimit: count(.conditionLimit), serviceSessionRequired: flag(.serviceSessionRequired),
            readdResets: flag(.conditionReaddResets), pendingEventStopsMonitoring: flag(.pendingEventStopsMonitoring))
    }

    mutating func set(_ monitor: CLMonitorSupport) {
        self[.conditionLimit] = .number(Double(monitor.conditionLimit))
        self[.serviceSessionRequired] = .flag(monitor.serviceSessionRequired)
        self[.conditionReaddResets] = .flag(monitor.readdResets)
        self[.pendingEventStopsMonitoring] = .flag(monitor.pendingEventStopsMonitoring)
    }

    mutating func set(_ filter: HardwareFilter) {
        self[.hardwareSlots] = .number(Double(filter.slots))
        let entry = filter.entryDelay
        self[.backgroundEntryDelayMedian] = .duration(entry.median)
        self[.backgroundEntryDelayLogSD] = .number(entry.logSD)
        self[.backgroundEntryDelayMin] = .duration(entry.minimum)
        self[.backgroundEntryDelayMax] = .duration(entry.maximum)
        let exit = filter.exitDelay
        self[.backgroundExitDelayMedian] = .duration(exit.median)
        self[.backgroundExitDelayLogSD] = .number(exit.logSD)
        self[.backgroundExitDelayMax] = .duration(exit.maximum)
        self[.missedExitProbability] = .number(filter.missedExitProbability)
    }

    mutating func set(_ budget: BackgroundTimeBudget) {
        self[.wakeWindow] = .duration(budget.wakeWindow)
        self[.backgroundTaskDuration] = .duration(budget.taskDuration)
        self[.backgroundTaskFromWake] = .flag(budget.taskClock == .fromSessionStart)
        self[.backgroundTaskExpirationLead] = .duration(budget.expirationLead)
    }

    /// The background policy's parameters and flags; the screen-off cycle of a policy without one
    /// is the background scan's (as on an OS without a SCREEN_OFF mode).
    mutating func set(_ policy: BackgroundScanPolicy) {
        switch policy {
        case .cycles(let screenOn, let screenOff):
            set(screenOn, .backgroundScanWindow, .backgroundScanInterval)
            set(screenOff, .screenOffScanWindow, .screenOffScanInterval)
        case .jobs(let jobs):
            self[.jobScheduling] = .flag(true)
            self[.backgroundScanWindow] = .duration(jobs.window)
            self[.jobIntervalMin] = .duration(jobs.intervalMin)
            self[.jobIntervalMax] = .duration(jobs.intervalMax)
            set(duty(.backgroundScanWindow, .backgroundScanInterval), .screenOffScanWindow, .screenOffScanInterval)
        case .atScreenOn(let scan):
            self[.scansOnlyAtScreenOn] = .flag(true)
            self[.screenOnScanDuration] = .duration(scan.duration)
            set(scan.scan, .backgroundScanWindow, .backgroundScanInterval)
            set(scan.scan, .screenOffScanWindow, .screenOffScanInterval)
        }
    }
}
