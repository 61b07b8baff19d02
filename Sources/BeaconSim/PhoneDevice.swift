// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore

/// A phone in a running world: its walk, radio links, OS models and the app, glued together.
///
/// It sees only received packets and user actions, never geometry; the world computes what its
/// radio hears. Every method appends what happened to the shared trace.
///
/// The state a received packet touches is marked `@exclusivity(unchecked)`: a world is
/// single-threaded and no method holds an access to one of these properties while calling
/// another that touches it, so the per-packet path skips the dynamic exclusivity checks (about a
/// dozen per packet otherwise).
final class PhoneDevice {
    let name: String
    let trajectory: Trajectory
    let body: BodyLossModel
    let profile: OSProfile
    @exclusivity(unchecked) var monitor: RegionMonitor
    @exclusivity(unchecked) var scanner: ScanScheduler
    /// Set when a received packet changed something the world must act on (a new deadline or a
    /// new scan schedule); the world clears it after rescheduling.
    @exclusivity(unchecked) var needsRefresh = false
    /// The ranging cycle (CoreLocation-style profiles): the monitor's processing phase with the
    /// profile's `rangingInterval`, so ranging and monitoring report on the same cycle.
    var rangingCycle: CycleGrid {
        CycleGrid(
            period: profile.rangingInterval,
            phase: Double(monitor.processing.offset.nanoseconds) / Double(max(1, monitor.processing.period.nanoseconds)))
    }
    @exclusivity(unchecked) var lifecycle: AppLifecycle
    @exclusivity(unchecked) var ranging: RangingEstimator
    /// Ranged region identifiers, in request order.
    @exclusivity(unchecked) var rangedRegions: [String] = []
    let app: PhoneApp
    @exclusivity(unchecked) var hasLocationManager: Bool
    var bluetoothOn = true
    /// After a reboot the OS monitors again only after the first unlock (behaviour.md §1.5, M).
    @exclusivity(unchecked) var awaitingFirstUnlock = false
    var screenOn = false
    let regions: [String: RegionDefinition]
    /// The scenario's regions in declaration order.
    let regionOrder: [RegionDefinition]
    let trace: TraceLog
    /// Callbacks for a suspended app, delivered in order when it next runs (its process is frozen,
    /// not gone; behaviour.md §1.4–1.5).
    var pendingCallbacks: [AppCallback] = []
    /// The app process's timers and delayed work: they fire only while it runs.
    var appTimers = AppTimers()
    /// The pending timer event for `nextDeadline`.
    var scheduledTimer: (time: SimTime, handle: EventHandle)?
    /// See what the radio does (scan changes, received packets), e.g. to write an HCI log or the
    /// run's track; usually none.
    @exclusivity(unchecked) var radioObservers: [any PhoneRadioObserver] = []

    init(
        name: String, trajectory: Trajectory, body: BodyLossModel, profile: OSProfile, monitor: RegionMonitor,
        scanner: ScanScheduler,
        lifecycle: AppLifecycle, app: PhoneApp, hasLocationManager: Bool, regions: [RegionDefinition], trace: TraceLog
    ) {
        self.name = name
        self.trajectory = trajectory
        self.body = body
        self.profile = profile
        self.monitor = monitor
        self.scanner = scanner
        self.lifecycle = lifecycle
        ranging = RangingEstimator(profile: profile)
        self.app = app
        self.hasLocationManager = hasLocationManager
        regionOrder = regions
        self.regions = Dictionary(regions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        self.trace = trace
    }

    var mode: MonitoringMode { lifecycle.state == .foreground ? .foreground : .background }

    /// Whether ranging results are being produced: ranged regions, a running app, permission.
    var isRanging: Bool {
        !rangedRegions.isEmpty && lifecycle.state.isRunning && lifecycle.authorization != .denied && hasLocationManager
    }

    /// What the scan scheduler needs to know about the phone now.
    var scanContext: ScanContext {
        ScanContext(
            foreground: lifecycle.state == .foreground, screenOn: screenOn, ranging: isRanging,
            anyRegionInside: monitor.anyRegionInside, bluetoothOn: bluetoothOn && !awaitingFirstUnlock,
            monitoring: lifecycle.monitorsInCurrentState)
    }

    /// Brings the scan schedule up to date with the phone's state.
    func refreshScan(at now: SimTime) { scanner.update(scanContext, at: now) }

    /// The radio's current schedule, nil with Bluetooth off.
    var listeningSchedule: ListeningSchedule? { scanner.schedule }

    /// Whether the radio listens at `time`.
    func isListening(at time: SimTime) -> Bool { listeningSchedule?.isListening(at: time) ?? false }

    /// The earliest instant at which the phone's models have work.
    var nextDeadline: SimTime? {
        let timers = lifecycle.state.isRunning ? appTimers.nextDue : nil  // deferred while not running
        return [monitor.nextDeadline, lifecycle.nextDeadline, scanner.nextDeadline, timers].compactMap { $0 }.min()
    }

    /// A packet heard in a scan window; `source` is a small stable index of the transmitter (the
    /// world's beacon index).
    func receive(_ frame: IBeaconFrame, source: Int, rssi: Int, at time: SimTime) {
        for observer in radioObservers { observer.received(frame, source: source, rssi: rssi, at: time) }
        let versions = (monitor.deadlineVersion, scanner.version)
        if scanner.isFilteredOnly(at: time) { scanner.filteredHit(at: time) }
        if lifecycle.monitorsInCurrentState, !awaitingFirstUnlock { monitor.observe(frame.identity, at: time, mode: mode) }
        if versions != (monitor.deadlineVersion, scanner.version) { needsRefresh = true }
        if isRanging {
            ranging.record(source: source, identity: frame.identity, rssi: rssi, measuredPower: frame.measuredPower, at: time)
        }
    }

    /// The timer fired: run the lifecycle, the scan scheduler (scan-cycle ends: exits and ranging
    /// for scan-cycle monitoring), the monitor and the app's due timers (if it runs) up to `now`.
    func advance(to now: SimTime) {
        for effect in lifecycle.advance(to: now) { apply(effect, at: now) }
        for end in scanner.advance(to: now) {
            apply(monitor.cycleEnded(at: end), at: end)
            if profile.monitoring.scanCycles != nil { rangingTick(at: end) }
        }
        apply(monitor.advance(to: now, mode: mode), at: now)
        while lifecycle.state.isRunning, let timer = appTimers.popFirstDue(notAfter: now) {
            deliver(.timerFired(id: timer.id, scheduledFor: timer.due), at: now)
        }
    }

    /// A ranging cycle ended at `now`.
    func rangingTick(at now: SimTime) {
        if isRanging {
            for identifier in rangedRegions {
                guard let region = regions[identifier] ?? monitor.monitoredRegions.first(where: { $0.identifier == identifier })
                else { continue }
                deliver(.didRangeBeacons(ranging.beacons(in: region, at: now), region), at: now)
            }
        }
        ranging.endCycle(at: now)
    }
}
