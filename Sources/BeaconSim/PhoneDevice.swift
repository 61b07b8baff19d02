// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore

/// A phone in a running world: its walk, radio links, OS models and the app, glued together.
///
/// It sees only received packets and user actions, never geometry; the world computes what its
/// radio hears. The world talks to it only through its inputs — `start`, `receive`, `advance`,
/// `perform` — each of which returns a `PhoneOutcome`, and reads its `nextDeadline` and
/// `listeningSchedule`. Its state is a handful of values changed through their own methods — the
/// OS models (`RegionMonitor`, `ScanScheduler`, `AppLifecycle`, `RangingEstimator`,
/// `RangingClock`), the app's process (`AppProcessState`), the phone's switches (`PhoneSwitches`)
/// and the callback queue (`CallbackQueue`); the user's settings on `AppLifecycle`
/// (`authorization`, `backgroundRefresh`) are plain fields — and only the inputs (this file and
/// the `PhoneDevice+…` extensions) touch those. Every input appends what happened to the shared
/// trace.
///
/// App callbacks go through one FIFO queue per phone (`CallbackQueue`): a callback that causes
/// another at the same instant (an app that starts monitoring in `didFinishLaunching`, a state
/// determination on `startMonitoring`) is delivered after the current one returns and its requests
/// are carried out, as a run loop would, so callbacks never re-enter each other.
final class PhoneDevice {
    /// The state `receive` reads for every event — radio observers, switches, the app's process
    /// and the OS models — kept in the synthetic medium's room and reached through same-named
    /// properties (`PhoneDevice+ReceiveState`).
    let receiveState: ReceiveState
    // Next, the phone's own fields every received event reads, so they share the object's first
    // cache lines.
    /// The beacon formats that reach the monitor and ranging (`ResolvedPhone.visibility`).
    var visibility = FrameVisibility.coreLocation
    /// Android phones: the app's permissions and the location switch (`PhoneDevice+Access`); nil on
    /// iOS, where `lifecycle.authorization` decides.
    var androidAccess: AndroidPermissions?
    /// A CoreBluetooth app's scan and presence rule; nil for any other app.
    var presence: CoreBluetoothPresence?
    /// The app's foreground service (profiles with `foregroundService`), under Android's start limits.
    var foregroundService: ForegroundService?
    /// When ranging cycles end (nil deadline for scan-cycle profiles, which range at cycle ends).
    private var rangingClock: RangingClock
    let name: String
    let trajectory: Trajectory
    let body: BodyLossModel
    let profile: OSProfile
    let app: PhoneApp
    /// `app` when it reads Core Location's state (BeaconSimKit), cast once: a dynamic cast at
    /// every callback (the ranging cycles' every second) searched the protocol conformances.
    let stateReader: (any CoreLocationStateReader)?
    let regions: [String: RegionDefinition]
    /// The scenario's regions in declaration order.
    let regionOrder: [RegionDefinition]
    let trace: TraceLog
    /// Callbacks due now, delivered one after the other (see the type's note).
    var callbackQueue = CallbackQueue()
    /// The app's `CLMonitor` conditions as Core Location keeps them (`api: clMonitor`); nil for an
    /// app of the region API.
    var conditions: MonitorConditions?
    /// The state each condition is added with at t = 0 (`assuming:`).
    let assumedStates: [String: ConditionState]
    /// Whether the app has held a `CLServiceSession(.always)` in some process: a relaunch may take
    /// it again in the background (CLServiceSession.h).
    var heldAlwaysSessionBefore = false
    /// When Bluetooth turned off in Control Center comes back (nil while it is on).
    var controlCenterRestoreAt: SimTime?
    /// An aggressive maker's background killer (`phones[].maker: aggressiveKiller`); usually none.
    var killer: BackgroundKiller?
    /// Doze's idle state as last written to the trace.
    private var tracedDozeIdle = false

    init(
        name: String, trajectory: Trajectory, body: BodyLossModel, profile: OSProfile, monitor: RegionMonitor,
        scanner: ScanScheduler,
        lifecycle: AppLifecycle, app: PhoneApp, hasLocationManager: Bool, regions: [RegionDefinition], trace: TraceLog,
        conditions: MonitorConditions? = nil, assumedStates: [String: ConditionState] = [:],
        androidAccess: AndroidPermissions? = nil
    ) {
        self.conditions = conditions
        self.assumedStates = assumedStates
        self.name = name
        self.trajectory = trajectory
        self.body = body
        self.profile = profile
        receiveState = ReceiveState(
            process: AppProcessState(hasLocationManager: hasLocationManager), lifecycle: lifecycle, monitor: monitor,
            scanner: scanner, ranging: RangingEstimator(profile: profile))
        // Ranging follows the monitor's processing phase (CoreLocation-style profiles).
        rangingClock = RangingClock(
            grid: profile.monitoring.scanCycles != nil
                ? nil
                : CycleGrid(
                    period: profile.rangingInterval,
                    phase: Double(monitor.processing.offset.nanoseconds) / Double(max(1, monitor.processing.period.nanoseconds))),
            after: .zero)
        self.app = app
        stateReader = app as? any CoreLocationStateReader
        regionOrder = regions
        self.regions = Dictionary(regions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        self.trace = trace
        self.androidAccess = profile.platform == .android ? androidAccess ?? AndroidPermissions(lifecycle.authorization) : nil
        foregroundService = profile.android.foregroundService ? ForegroundService(platform: profile.android) : nil
    }

    var mode: MonitoringMode { lifecycle.state == .foreground ? .foreground : .background }

    /// Whether ranging results are being produced: ranged regions, a running app, permission.
    var isRanging: Bool {
        !process.rangedRegions.isEmpty && lifecycle.state.isRunning && rangingAllowed
            && process.hasLocationManager && switches.locationUsable
    }

    /// What the scan scheduler needs to know about the phone now.
    var scanContext: ScanContext {
        ScanContext(
            foreground: lifecycle.state == .foreground, screenOn: switches.screenOn, ranging: isRanging,
            anyRegionInside: monitor.anyRegionInside, bluetoothOn: switches.radioAvailable && killer?.killed != true,
            monitoring: lifecycle.monitorsInCurrentState, foregroundService: foregroundService?.isRunning ?? false,
            locationServicesOn: androidAccess?.locationServices ?? true)
    }

    /// Brings the scan schedule up to date with the phone's state (the world calls it when an
    /// input's outcome asks for a reschedule).
    func refreshScan(at now: SimTime) {
        killer?.observe(foreground: lifecycle.state == .foreground, at: now)
        scanner.update(scanContext, at: now)
        traceDoze(at: now)
    }

    /// Records a change of Doze's idle state (only dozing phones ever change it).
    private func traceDoze(at now: SimTime) {
        guard scanner.dozeIdle != tracedDozeIdle else { return }
        tracedDozeIdle = scanner.dozeIdle
        trace.append(now, phone: name, .dozeChanged(idle: tracedDozeIdle))
    }

    /// The phone started or stopped moving, or its charger changed (Doze and standby buckets).
    func updateScanConditions(moving: Bool? = nil, at now: SimTime) {
        scanner.updateConditions(
            moving: moving ?? scanner.restrictions?.moving ?? false, charging: switches.charging, at: now)
        traceDoze(at: now)
    }

    /// Whether the phone needs to be told when it starts and stops moving (its profile models Doze).
    var needsMotion: Bool { scanner.restrictions?.doze != nil }

    /// The radio's current schedule, nil with Bluetooth off.
    var listeningSchedule: ListeningSchedule? { scanner.schedule }

    /// Whether the radio listens at `time`.
    func isListening(at time: SimTime) -> Bool { listeningSchedule?.isListening(at: time) ?? false }

    /// The earliest instant at which the phone's models have work.
    var nextDeadline: SimTime? {
        let running = lifecycle.state.isRunning
        let timers = running ? process.nextTimerDue : nil  // deferred while not running
        let presenceDue = running ? presence?.nextDeadline : nil  // the app decides only while it runs
        return [
            rangingClock.nextTick, monitor.nextDeadline, lifecycle.nextDeadline, scanner.nextDeadline, timers,
            controlCenterRestoreAt, killer?.killDue, presenceDue,
        ]
        .compactMap { $0 }.min()
    }

    /// Adds an observer of the radio (scan pattern changes, received packets).
    func addRadioObserver(_ observer: any PhoneRadioObserver) {
        radioObservers.append(observer)
        receiveState.observersFloor = min(receiveState.observersFloor, observer.packetFloor)
    }

    /// Whether some radio observer needs `packets` (an event at or above its `packetFloor`).
    private func observersNeed(_ packets: EventPackets) -> Bool {
        let floor = receiveState.observersFloor
        return floor == .min || (floor != .max && packets.strongestRSSI >= floor)
    }

    /// A packet heard in a scan window; `source` is a small stable index of the transmitter (the
    /// world's beacon index). Most packets change nothing the world schedules.
    func receive(_ frame: IBeaconFrame, source: Int, rssi: Int, at time: SimTime) -> PhoneOutcome {
        receive(frame, source: source, packets: EventPackets(rssi: rssi, time: time))
    }

    /// The packets of one advertising event this phone's radio delivered, in time order: the same
    /// as receiving each in turn — the radio observers, the scan scheduler, the monitor and the
    /// ranging estimator do not read each other's state — with the app's state looked at and the
    /// beacon's regions matched once per event, not per packet.
    func receive(_ frame: IBeaconFrame, source: Int, packets: EventPackets) -> PhoneOutcome {
        if observersNeed(packets) {
            observe(.ibeacon(frame), from: PhoneHCIRecorder.address(of: frame.identity), source: source, packets: packets)
        }
        let versions = (monitor.deadlineVersion, scanner.version)
        scanner.packetsHeard(packets)
        if visibility.contains(.ibeacon) {
            // Android: the app's permissions filter its scan results (`PhoneDevice+Access`).
            let android = androidBeaconsReachApp
            if android ?? AppLifecycle.monitors(authorization: lifecycle.authorization, state: lifecycle.state),
                !switches.blocksMonitoring
            {
                monitor.observe(frame.identity, source: source, packets: packets, mode: mode)
            }
            if android ?? true, isRanging {
                ranging.record(source: source, identity: frame.identity, packets: packets, measuredPower: frame.measuredPower)
            }
        }
        return versions != (monitor.deadlineVersion, scanner.version) ? .rescheduled : .unchanged
    }

    /// The packets of one advertising event of a beacon that sends several frames or another
    /// format than iBeacon, sent from `address`: the radio observers see every frame; the monitor
    /// the formats the phone's monitoring sees (`visibility`); a CoreBluetooth app what its scan
    /// delivers (`CoreBluetoothPresence`). Ranging stays iBeacon-only.
    func receive(_ frame: AdvertisedFrame, address: BluetoothAddress, source: Int, packets: EventPackets) -> PhoneOutcome {
        if observersNeed(packets) { observe(frame, from: address, source: source, packets: packets) }
        guard let first = packets.first, let last = packets.last else { return .unchanged }
        let versions = (monitor.deadlineVersion, scanner.version, presence?.version)
        scanner.packetsHeard(packets)
        if visibility.sees(frame) {
            let android = androidBeaconsReachApp  // Android: the app's permissions filter its results
            if android ?? AppLifecycle.monitors(authorization: lifecycle.authorization, state: lifecycle.state),
                !switches.blocksMonitoring
            {
                monitor.observe(frame, packets: packets, mode: mode)
            }
            if android ?? true, case .ibeacon(let beacon) = frame, isRanging {
                ranging.record(source: source, identity: beacon.identity, packets: packets, measuredPower: beacon.measuredPower)
            }
        }
        if presence != nil { scanDelivered(frame, source: source, first: first.time, last: last.time) }
        return versions != (monitor.deadlineVersion, scanner.version, presence?.version) ? .rescheduled : .unchanged
    }

    /// Hands the event's packets to the radio observers (each keeps its own state, so the order
    /// of observers and packets does not matter).
    private func observe(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, packets: EventPackets) {
        // By index, not by iterating a copy of the array: one reference count less per event.
        for index in receiveState.radioObservers.indices {
            receiveState.radioObservers[index].received(frame, from: address, source: source, packets: packets)
        }
    }

    /// The timer fired: end the ranging cycles due (CoreLocation-style ranging), then run the
    /// lifecycle, the scan scheduler (scan-cycle ends: exits and ranging for scan-cycle monitoring),
    /// the monitor and the app's due timers (if it runs) up to `now`.
    func advance(to now: SimTime) -> PhoneOutcome {
        while let tick = rangingClock.popDue(notAfter: now) { rangingTick(at: tick) }
        if let restore = controlCenterRestoreAt, restore <= now { restoreControlCenterBluetooth(at: restore) }
        if killer?.advance(to: now) == true {  // the maker kills the app: it stays dead until opened
            for effect in lifecycle.terminate(byUser: true, reason: .terminatedBySystem) { apply(effect, at: now) }
        }
        for effect in lifecycle.advance(to: now) { apply(effect, at: now) }
        for end in scanner.advance(to: now) {
            apply(monitor.cycleEnded(at: end), at: end)
            if profile.monitoring.scanCycles != nil { rangingTick(at: end) }
        }
        traceDoze(at: now)
        for timeout in scanner.takeScanTimeouts() {
            trace.append(timeout.at, phone: name, .scanTimeout(outcome: timeout.outcome))
        }
        apply(monitor.advance(to: now, mode: mode), at: now)
        if presence != nil { record(presence?.advance(to: now, running: lifecycle.state.isRunning) ?? [], at: now) }
        while lifecycle.state.isRunning, let timer = process.popFirstDueTimer(notAfter: now) {
            deliver(.timerFired(id: timer.id, scheduledFor: timer.due), at: now)
        }
        return .rescheduled
    }

    /// A ranging cycle ended at `now`.
    private func rangingTick(at now: SimTime) {
        if isRanging {
            for identifier in process.rangedRegions {
                guard let region = regions[identifier] ?? monitor.monitoredRegions.first(where: { $0.identifier == identifier })
                else { continue }
                deliver(.didRangeBeacons(ranging.beacons(in: region, at: now), region), at: now)
            }
        }
        ranging.endCycle(at: now)
    }
}
