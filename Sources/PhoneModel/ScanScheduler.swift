// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore
public import Stochastics

/// The phone's scan schedule per OS profile and state, as a pure state machine
/// (behaviour.md §1.2, §2.1–2.6, §3).
///
/// - Foreground (or ranging): the foreground pattern; ABL cycles of 1.1 s, iOS continuous.
/// - Background, iOS: continuous with hardware assist, else the ~15-minute software scan.
/// - Background, ABL (Android 5–7): a 10 s scan every 5 min (the screen-off pattern with the screen
///   off), plus a filtered low-power scan between cycles while no region is inside; a hit there
///   opens a detection window of continuous scanning.
/// - Background, Android 8+ scan jobs: one scan window per job, jobs spaced uniformly in
///   [intervalMin, intervalMax]; filtered scans between jobs as above.
/// - Background, Nearby: scans only for the screen-on scan's duration after a screen-on.
/// The modes come from the profile (`MonitoringStyle`, `BackgroundScanPolicy`). Every window's end
/// is a scan-cycle end (`advance` reports it): ABL-style monitors evaluate exits and deliver ranging
/// there. The Android 7 throttle (`ScanThrottle`) withholds gate windows beyond its limit.
///
/// Phases: when the phone starts, its cycles are already running — the first pattern sits at the
/// phone's cycle phase (uniform over one cycle, its own stream), not at t = 0. Later patterns are
/// aligned to what genuinely starts them: a mode change restarts the cycles at that instant (ABL
/// `CycledLeScanner.setScanPeriods` brings a pending cycle start forward to the end of the last
/// cycle plus the new between-scan period, i.e. at once for the foreground; AOSP `ScanManager`
/// restarts a scan whose mode changes), as do Bluetooth coming back on and the first unlock after a
/// reboot; a detection window starts at the filtered hit and a Nearby scan at the screen-on; the
/// filtered low-power scan starts when a main cycle ends (ABL
/// `CycledLeScannerForLollipop.deferScanIfNeeded`); Android 8+ jobs start at random instants.
///
/// Opt-in pressure (`JobRestrictions`; nil for every phone that does not opt in): Doze and the
/// standby bucket's quota move a job's start to where they allow it, and Doze's idle periods
/// stop the filtered scan; a maker that needs scan filters with the screen off makes unfiltered
/// windows deaf then (their cycle ends still come).
///
/// Scan start-up (`startupDeadTime`, the device's `DeviceProfile.startupDeadTime`; zero unless the
/// phone's device opts in): every scan start above except the first pattern (whose scan began
/// before the run) delivers nothing for the dead time (`ListeningSchedule.deadUntil`), and so does
/// every window of the periodic background cycles of scan-cycle apps, which stop and restart the
/// scan each cycle (`ListeningSchedule.windowDeadTime`). The windows of one running scan (the
/// foreground cycles, the OS's own duty cycle) are not restarts.
public struct ScanScheduler {
    // Declared first, so they share a cache line: what every received packet looks at.
    /// Changes whenever `schedule` changes.
    public private(set) var version = 0
    /// The current schedule; nil while Bluetooth is off.
    public private(set) var schedule: ListeningSchedule?
    /// Whether `schedule` has a filtered scan: the one question a received packet asks of it,
    /// kept beside it so a packet does not copy the schedule to ask.
    private var hearsFilteredScan = false
    private let random: RandomStream
    public private(set) var context: ScanContext
    /// The end of the current or next gate window, reported by `advance` as a cycle end.
    public private(set) var nextCycleEnd: SimTime?
    private var inOneShotWindow = false
    /// Where the periodic software background scan starts within its interval: a random phase per
    /// phone (phones do not scan in lockstep).
    public let softwareScanAnchor: SimTime
    /// Where the phone's scan cycles are when it starts, as a fraction of a cycle in [0, 1).
    private let cyclePhase: Double
    /// Whether the radio has scanned yet: only the first pattern takes the cycle phase.
    private var hasScanned = false
    /// Where the filtered low-power scan started: at the end of the last main cycle.
    private var filteredAnchor: SimTime = .zero
    /// How long a (re)started scan delivers nothing (zero: no start-up).
    public let startupDeadTime: SimDuration
    /// Doze and the standby bucket's quota on scan jobs; nil (no change) unless the scenario opts in.
    public private(set) var restrictions: JobRestrictions?
    /// Where the pending scan job would start without restrictions (to re-place it when they lift).
    private var proposedJobStart: SimTime?
    /// Whether the phone is idle in Doze now (no filtered scan, jobs deferred), and when that next changes.
    public private(set) var dozeIdle = false
    private var restrictionTransition: SimTime?
    /// A maker's rule (Samsung): scans without filters get nothing with the screen off.
    private let unfilteredDeafWithScreenOff: Bool
    /// A maker's rule (Samsung, Android 14): the intent scan's matches stop while the screen is off.
    private let intentScansDeafWithScreenOff: Bool
    /// The OS long-scan timeout on the current scan (`LongScanTimeout`; none for most profiles).
    private var longScan: LongScanTimeout
    /// Timeouts since the last `takeScanTimeouts()`, for the trace.
    private var timeouts: [(at: SimTime, outcome: ScanTimeoutOutcome)] = []
    /// The scan job before the scheduled one and the scheduled one (at most two, the last scheduled
    /// last): when each runs and the delay drawn before it (`jobDelay(deciding:)`); a detection window
    /// or another policy clears them. An array, so the scheduler every packet reads stays small.
    private var jobs: [ScheduledJob] = []
    /// Which drawn phase placed the current schedule's periodic windows (`phaseDelay(deciding:)`):
    /// the software scan's, or the cycle phase of background cycles already running at the start;
    /// nil when an event placed them (or the schedule has no periodic windows).
    private var placedBy: OSDelay.Kind?
    /// Last: a large value, kept away from the state above.
    public let profile: OSProfile

    public init(
        profile: OSProfile, random: RandomStream, context: ScanContext, at now: SimTime, cyclePhase: Double = 0,
        restrictions: JobRestrictions? = nil, unfilteredDeafWithScreenOff: Bool = false,
        intentScansDeafWithScreenOff: Bool = false,
        startupDeadTime: SimDuration = .zero
    ) {
        self.profile = profile
        self.random = random
        self.context = context
        self.cyclePhase = cyclePhase
        self.startupDeadTime = startupDeadTime
        self.restrictions = restrictions
        self.unfilteredDeafWithScreenOff = unfilteredDeafWithScreenOff
        self.intentScansDeafWithScreenOff = intentScansDeafWithScreenOff
        restrictionTransition = restrictions?.nextTransition(after: now)
        dozeIdle = restrictions?.isIdle(at: now) ?? false
        longScan = LongScanTimeout(limit: profile.android.scanTimeout, forcing: profile.android.longScanForcing)
        let softwarePhase = random.uniform()  // drawn for every profile: the stream's positions stay put
        let softwareInterval = profile.monitoring.coreLocation?.softwareScan.interval ?? .zero
        softwareScanAnchor = SimTime(nanoseconds: Int64(softwarePhase * Double(softwareInterval.nanoseconds)))
        rebuild(at: now)
    }

    /// One scan job: its window and the delay drawn before it.
    private struct ScheduledJob {
        var start: SimTime
        var end: SimTime
        var delay: OSDelay
    }

    /// The drawn delay before the scan job whose scan decided an entry or exit at `now` (the job's
    /// window holds `now`, its end included: exits are evaluated at cycle ends); nil outside scan
    /// jobs (the foreground, a filtered hit's detection window, other policies).
    public func jobDelay(deciding now: SimTime) -> OSDelay? {
        jobs.last { $0.start <= now && now <= $0.end }?.delay
    }

    /// The drawn phase that placed the scan window deciding an entry or exit at `now` (the last
    /// window starting at or before `now`): iOS's software background scan (every window), or the
    /// background cycles that were running when the run began (until an event restarts them);
    /// nil for windows an event placed, continuous scanning and the other policies.
    public func phaseDelay(deciding now: SimTime) -> OSDelay? {
        guard let kind = placedBy, let gate = schedule?.gate, !gate.isOff, !gate.isContinuous else { return nil }
        let phase =
            kind == .softwareScanPhase
            ? softwareScanAnchor - .zero : CycleGrid(period: gate.interval, phase: cyclePhase).offset
        return OSDelay.phase(kind, phase, of: gate, deciding: now)
    }

    public var nextDeadline: SimTime? {
        let deadlines = [nextCycleEnd, restrictionTransition, longScan.deadline].compactMap { $0 }
        return deadlines.min()
    }

    /// The long-scan timeouts since the last call, in order (`LongScanTimeout`).
    public mutating func takeScanTimeouts() -> [(at: SimTime, outcome: ScanTimeoutOutcome)] {
        defer { timeouts.removeAll() }
        return timeouts
    }

    /// The phone's situation changed (app state, screen, ranging, regions, Bluetooth).
    public mutating func update(_ newContext: ScanContext, at now: SimTime) {
        guard newContext != context else { return }
        let modeChanged =
            mode(newContext) != mode(context) || newContext.screenOn != context.screenOn
            || newContext.bluetoothOn != context.bluetoothOn || newContext.foregroundService != context.foregroundService
            || newContext.locationServicesOn != context.locationServicesOn
        let screenTurnedOn = newContext.screenOn && !context.screenOn
        let screenChanged = newContext.screenOn != context.screenOn
        context = newContext
        if screenChanged, var restrictions {
            restrictions.update(screenOn: context.screenOn, moving: restrictions.moving, charging: restrictions.charging, at: now)
            restrictionsChanged(restrictions, at: now)
        }
        if modeChanged || screenTurnedOn {
            rebuild(at: now, screenTurnedOn: screenTurnedOn)
        } else {
            refreshFiltered()
        }
    }

    /// A packet arrived at `time`: when that falls only in the schedule's filtered scan
    /// (`ListeningSchedule.isFilteredOnly`), it is a filtered hit (`filteredHit`). Mutating, so the
    /// call made for every received packet reads the scheduler in place instead of copying it.
    public mutating func packetHeard(at time: SimTime) {
        guard schedule?.isFilteredOnly(at: time) == true else { return }
        filteredHit(at: time)
    }

    /// The packets of one advertising event arrived: each as `packetHeard(at:)`, in turn. A
    /// schedule without a filtered scan (most) is looked at once, not per packet.
    public mutating func packetsHeard(_ packets: EventPackets) {
        guard hearsFilteredScan else { return }
        for (_, time) in packets { packetHeard(at: time) }
    }

    /// A packet arrived during the filtered scan only: open a detection window now (background).
    public mutating func filteredHit(at now: SimTime) {
        guard let filtered = scanCycles?.filtered, mode(context) == .background, !profile.android.intentScans else { return }
        startWindow(at: now, length: filtered.detectionWindow)
    }

    /// Reports the cycle ends up to `now` (each one once) and moves to the next window.
    public mutating func advance(to now: SimTime) -> [SimTime] {
        if let transition = restrictionTransition, transition <= now, let restrictions {
            restrictionsChanged(restrictions, at: now)
        }
        var ends: [SimTime] = []
        while true {
            if let timeout = longScan.deadline, timeout <= now, nextCycleEnd.map({ timeout < $0 }) ?? true {
                scanTimedOut(at: timeout)
                continue
            }
            guard let end = nextCycleEnd, end <= now else { break }
            ends.append(end)
            nextWindow(after: end)
            if let next = nextCycleEnd, next <= end { nextCycleEnd = nil }  // never stall on one instant
        }
        return ends
    }

    // MARK: - Building the schedule

    private enum Mode { case off, foreground, background }

    /// The app's scan cycles, when they (not the OS) monitor; while the app's foreground service
    /// runs, the background scans as the foreground does, without a filtered scan.
    private var scanCycles: ScanCycleMonitoring? {
        guard context.foregroundService else { return profile.monitoring.scanCycles }
        return profile.monitoring.scanCycles.map { _ in
            ScanCycleMonitoring(background: .cycles(screenOn: profile.foregroundScan, screenOff: profile.foregroundScan))
        }
    }

    private func mode(_ context: ScanContext) -> Mode {
        guard context.bluetoothOn else { return .off }
        return context.foreground || context.ranging ? .foreground : .background
    }

    /// The anchor of a pattern of period `interval` that starts at `now`: at the phone's cycle
    /// phase for the first pattern (its cycles began before the run), else `now`.
    private mutating func startAnchor(interval: SimDuration, at now: SimTime) -> SimTime {
        defer { hasScanned = true }
        let offset = CycleGrid(period: interval, phase: cyclePhase).offset
        guard !hasScanned, offset > .zero else { return now }
        return now + offset - interval
    }

    /// The end of the start-up of a scan (re)started at `start`; nil without a start-up, or for the
    /// first pattern (its scan began before the run).
    private func startupEnd(at start: SimTime) -> SimTime? {
        startupDeadTime > .zero && hasScanned ? start + startupDeadTime : nil
    }

    private mutating func rebuild(at now: SimTime, screenTurnedOn: Bool = false) {
        inOneShotWindow = false
        jobs.removeAll()
        placedBy = nil
        longScan.scanStarted(at: now, runsUnbroken: false)
        defer { longScan.scanStarted(at: now, runsUnbroken: runsUnbroken) }
        let deadUntil = startupEnd(at: now)
        switch mode(context) {
        case .off:
            set(nil, cycleEnd: nil)
        case .foreground:
            let interval = profile.foregroundScan.interval
            let pattern = profile.foregroundScan.pattern(anchor: startAnchor(interval: interval, at: now))
            set(
                ListeningSchedule(gate: pattern, throttle: profile.scanThrottle, deadUntil: deadUntil),
                cycleEnd: pattern.windowEnd(after: now))
        case .background:
            switch profile.monitoring {
            case .coreLocation(let coreLocation):
                hasScanned = true
                if coreLocation.hardwareFilter != nil {
                    set(ListeningSchedule(gate: .continuous, deadUntil: deadUntil), cycleEnd: nil)
                } else {
                    placedBy = .softwareScanPhase
                    set(
                        ListeningSchedule(
                            gate: coreLocation.softwareScan.pattern(anchor: softwareScanAnchor), deadUntil: deadUntil),
                        cycleEnd: nil)
                }
            case .scanCycles:
                if let policy = scanCycles?.background { rebuildBackground(policy, at: now, screenTurnedOn: screenTurnedOn) }
            }
        }
    }

    private mutating func rebuildBackground(_ policy: BackgroundScanPolicy, at now: SimTime, screenTurnedOn: Bool) {
        switch policy {
        case .atScreenOn(let scan):
            hasScanned = true
            if screenTurnedOn {
                startWindow(at: now, length: scan.duration)
            } else {
                set(offSchedule, cycleEnd: nil)
            }
        case .jobs(let jobs):
            hasScanned = true
            let delay = SimDuration(seconds: random.uniform(0, jobs.intervalMax.seconds))
            scheduleJob(jobs, start: now + delay, delay: Self.jobDelay(delay, from: .zero, to: jobs.intervalMax))
        case .cycles(let screenOn, let screenOff):
            let duty = context.screenOn ? screenOn : screenOff
            let deadUntil = startupEnd(at: now)
            if !hasScanned, CycleGrid(period: duty.interval, phase: cyclePhase).offset > .zero {
                placedBy = .backgroundCyclePhase  // startAnchor places this first pattern at the phase
            }
            let pattern = backgroundPattern(duty, anchor: startAnchor(interval: duty.interval, at: now))
            set(
                ListeningSchedule(
                    gate: pattern, throttle: profile.scanThrottle, filtered: filteredPattern, deadUntil: deadUntil,
                    windowDeadTime: startupDeadTime),
                cycleEnd: pattern.windowEnd(after: now))
        }
    }

    /// The periodic background pattern from `anchor`; the filtered scan between its cycles starts
    /// when the first of them ends.
    private mutating func backgroundPattern(_ duty: ScanDuty, anchor: SimTime) -> ScanPattern {
        filteredAnchor = anchor + duty.window
        return duty.pattern(anchor: anchor)
    }

    private var filteredPattern: ScanPattern? {
        guard let filtered = scanCycles?.filtered, !context.anyRegionInside || profile.android.intentScans, !dozeIdle
        else { return nil }
        return filtered.lowPower.pattern(anchor: filteredAnchor)
    }

    private var offSchedule: ListeningSchedule { ListeningSchedule(gate: .off, filtered: filteredPattern) }

    /// One window [start, start + length) of continuous scanning — Nearby's screen-on scan uses its
    /// low-power pattern inside the window.
    private mutating func startWindow(at start: SimTime, length: SimDuration) {
        inOneShotWindow = true
        jobs.removeAll()
        placedBy = nil
        filteredAnchor = start + length
        let gate: ScanPattern =
            if case .atScreenOn(let scan) = scanCycles?.background { scan.scan.pattern(anchor: start) } else { .continuous }
        set(
            ListeningSchedule(
                gate: gate, from: start, until: start + length, filtered: filteredPattern, deadUntil: startupEnd(at: start)),
            cycleEnd: start + length)
    }

    /// A scan job's delay `value`, drawn uniformly in [`from`, `to`].
    private static func jobDelay(_ value: SimDuration, from: SimDuration, to: SimDuration) -> OSDelay {
        OSDelay(
            kind: .scanJobDelay, duration: value,
            distribution: "uniform (\(DelayDistribution.label(from))…\(DelayDistribution.label(to)))")
    }

    /// Schedules the next scan job at `proposed` (or where the restrictions allow it), `delay` after
    /// the previous job's start; `replacing`: the pending job moved by the restrictions, same delay.
    private mutating func scheduleJob(_ jobs: ScanJobs, start proposed: SimTime, delay: OSDelay?, replacing: Bool = false) {
        proposedJobStart = proposed
        let start = restrictions?.allowedStart(proposed, length: jobs.window) ?? proposed
        if var drawn = delay {
            drawn.endsAt = start
            let job = ScheduledJob(start: start, end: start + jobs.window, delay: drawn)
            if replacing, !self.jobs.isEmpty { self.jobs.removeLast() }
            self.jobs = self.jobs.suffix(1) + [job]
        }
        inOneShotWindow = true
        filteredAnchor = start + jobs.window
        set(
            ListeningSchedule(
                gate: .continuous, from: start, until: start + jobs.window, filtered: filteredPattern,
                deadUntil: startupEnd(at: start)),
            cycleEnd: start + jobs.window)
    }

    private mutating func nextWindow(after end: SimTime) {
        guard mode(context) == .background, let policy = scanCycles?.background else {
            if let schedule, mode(context) == .foreground { nextCycleEnd = schedule.gate.windowEnd(after: end + .nanoseconds(1)) }
            return
        }
        switch policy {
        case .atScreenOn:
            set(offSchedule, cycleEnd: nil)
        case .jobs(let jobs):
            restrictions?.recordJob(from: end - jobs.window, to: end)
            let gap = SimDuration(seconds: random.uniform(jobs.intervalMin.seconds, jobs.intervalMax.seconds))
            scheduleJob(
                jobs, start: end + gap - jobs.window, delay: Self.jobDelay(gap, from: jobs.intervalMin, to: jobs.intervalMax))
        case .cycles(let screenOn, let screenOff):
            nextCycle(after: end, duty: context.screenOn ? screenOn : screenOff)
        }
    }

    /// After a window of the periodic background policy: the next window, or the periodic cycles
    /// again once a detection window is over.
    private mutating func nextCycle(after end: SimTime, duty: ScanDuty) {
        if inOneShotWindow {  // a detection window ended: back to the periodic cycles
            placedBy = nil
            let pattern = backgroundPattern(duty, anchor: end)
            inOneShotWindow = false
            set(
                ListeningSchedule(
                    gate: pattern, throttle: profile.scanThrottle, filtered: filteredPattern, windowDeadTime: startupDeadTime),
                cycleEnd: pattern.windowEnd(after: end))
        } else if let schedule {
            nextCycleEnd = schedule.gate.windowEnd(after: end + .nanoseconds(1))
        }
    }

    private mutating func refreshFiltered() {
        guard var schedule else { return }
        let filtered = mode(context) == .background ? filteredPattern : nil
        guard schedule.filtered != filtered else { return }
        schedule.filtered = filtered
        set(schedule, cycleEnd: nextCycleEnd)
    }

    /// Whether the current schedule is one scan the library never stops (`LongScanTimeout`).
    private var runsUnbroken: Bool {
        guard let schedule, !inOneShotWindow, schedule.until == nil else { return false }
        return schedule.gate.isContinuous
    }

    /// Whether the app's regular scan carries filters (ABL's screen-off filters on Android 14).
    private var scanFiltered: Bool { !context.screenOn && profile.android.screenOffScanFilters }

    /// The long-scan timeout passed at `now`: the library restarts the scan, or the OS moves it.
    private mutating func scanTimedOut(at now: SimTime) {
        switch longScan.timedOut(at: now) {
        case .restartedByApp:
            timeouts.append((now, .restarted))
            rebuild(at: now)
        case .moved:
            timeouts.append((now, scanFiltered ? .lowPower : .opportunistic))
            set(schedule, cycleEnd: nextCycleEnd)
        }
    }

    private mutating func set(_ planned: ListeningSchedule?, cycleEnd: SimTime?) {
        var newSchedule = planned.map {
            _ScanRestrictions.apply(
                to: $0, locationServicesOn: context.locationServicesOn, scanFiltered: scanFiltered,
                movedAt: longScan.movedAt, lowPower: OSProfile.aospLowPower)
        }
        if intentScansDeafWithScreenOff, !context.screenOn, var deaf = newSchedule, deaf.filtered != nil {
            deaf.filtered = nil  // the intent scan delivers nothing until the screen is lit
            newSchedule = deaf
        }
        if unfilteredDeafWithScreenOff, !context.screenOn, var deaf = newSchedule {
            deaf.until = deaf.from ?? .zero  // the cycles still run and end; their unfiltered scans get nothing
            newSchedule = deaf
        }
        if newSchedule != schedule { version &+= 1 }
        schedule = newSchedule
        hearsFilteredScan = newSchedule?.filtered != nil
        // Only scan-cycle monitoring acts on cycle ends; CoreLocation-style profiles need no timer.
        nextCycleEnd = scanCycles != nil ? cycleEnd : nil
    }

    // MARK: - Restrictions (Doze, standby buckets)

    /// The phone started or stopped moving, or was plugged in or unplugged (`JobRestrictions`).
    public mutating func updateConditions(moving: Bool, charging: Bool, at now: SimTime) {
        guard var restrictions else { return }
        restrictions.update(screenOn: context.screenOn, moving: moving, charging: charging, at: now)
        restrictionsChanged(restrictions, at: now)
    }

    /// Takes the new restrictions: Doze's idle state (the filtered scan stops while idle), its next
    /// transition, and the pending scan job re-placed where they now let it start.
    private mutating func restrictionsChanged(_ newRestrictions: JobRestrictions, at now: SimTime) {
        restrictions = newRestrictions
        restrictionTransition = newRestrictions.nextTransition(after: now)
        dozeIdle = newRestrictions.isIdle(at: now)
        if mode(context) == .background, case .jobs(let jobs) = scanCycles?.background, let proposed = proposedJobStart,
            let from = schedule?.from, from > now
        {
            let start = newRestrictions.allowedStart(max(proposed, now), length: jobs.window)
            if start != from {
                scheduleJob(jobs, start: max(proposed, now), delay: self.jobs.last?.delay, replacing: true)
                return
            }
        }
        refreshFiltered()
    }
}
