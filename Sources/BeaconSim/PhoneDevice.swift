// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import SimulationCore

/// A phone in a running world: its walk, radio links, OS models and the app, glued together.
///
/// It sees only received packets and user actions, never geometry; the world computes what its
/// radio hears. Every method appends what happened to the shared trace.
final class PhoneDevice {
    let name: String
    let trajectory: Trajectory
    let body: BodyLossModel
    let profile: OSProfile
    var monitor: RegionMonitor
    var lifecycle: AppLifecycle
    var ranging: RangingEstimator
    /// Ranged region identifiers, in request order.
    var rangedRegions: [String] = []
    let app: PhoneApp
    var hasLocationManager: Bool
    var bluetoothOn = true
    var screenOn = false
    let regions: [String: RegionDefinition]
    /// The scenario's regions in declaration order.
    let regionOrder: [RegionDefinition]
    let trace: TraceLog
    /// The pending timer event for `nextDeadline`.
    var scheduledTimer: (time: SimTime, handle: EventHandle)?
    private let foregroundScan: ScanPattern
    private let softwareScan: ScanPattern

    init(
        name: String, trajectory: Trajectory, body: BodyLossModel, profile: OSProfile, monitor: RegionMonitor,
        lifecycle: AppLifecycle, app: PhoneApp, hasLocationManager: Bool, regions: [RegionDefinition], trace: TraceLog
    ) {
        self.name = name
        self.trajectory = trajectory
        self.body = body
        self.profile = profile
        self.monitor = monitor
        self.lifecycle = lifecycle
        ranging = RangingEstimator(profile: profile)
        self.app = app
        self.hasLocationManager = hasLocationManager
        regionOrder = regions
        self.regions = Dictionary(regions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        self.trace = trace
        foregroundScan = ScanPattern(window: profile.foregroundScanWindow, interval: profile.foregroundScanInterval)
        softwareScan = ScanPattern(window: profile.backgroundScanWindow, interval: profile.backgroundScanInterval)
    }

    var mode: MonitoringMode { lifecycle.state == .foreground ? .foreground : .background }

    /// Whether ranging results are being produced: ranged regions, a running app, permission.
    var isRanging: Bool {
        !rangedRegions.isEmpty && lifecycle.state.isRunning && lifecycle.authorization != .denied && hasLocationManager
    }

    /// The radio's current scan pattern, nil with Bluetooth off: the foreground pattern while the
    /// app is in the foreground or ranging, continuous with hardware assist in the background,
    /// else the software background scan.
    var listeningPattern: ScanPattern? {
        guard bluetoothOn else { return nil }
        if mode == .foreground || isRanging { return foregroundScan }
        return profile.hardwareAssisted ? .continuous : softwareScan
    }

    /// Whether the radio listens at `time`.
    func isListening(at time: SimTime) -> Bool { listeningPattern?.isListening(at: time) ?? false }

    /// The earliest instant at which the phone's models have work.
    var nextDeadline: SimTime? {
        [monitor.nextDeadline, lifecycle.nextDeadline].compactMap { $0 }.min()
    }

    /// A packet heard in a scan window; `source` is a small stable index of the transmitter (the
    /// world's beacon index).
    func receive(_ frame: IBeaconFrame, source: Int, rssi: Int, at time: SimTime) {
        if lifecycle.monitorsInCurrentState { monitor.observe(frame.identity, at: time, mode: mode) }
        if isRanging { ranging.record(source: source, identity: frame.identity, rssi: rssi, measuredPower: frame.measuredPower, at: time) }
    }

    /// The timer fired: run the monitor and lifecycle up to `now`.
    func advance(to now: SimTime) {
        for effect in lifecycle.advance(to: now) { apply(effect, at: now) }
        apply(monitor.advance(to: now, mode: mode), at: now)
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
