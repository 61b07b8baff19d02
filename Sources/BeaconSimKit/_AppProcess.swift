// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

/// One launch of the app: its delegate instance, the managers it created, what it ranges, and the
/// requests its code made during the current callback. A kill ends it; the next launch makes a new one.
final class _AppProcess {
    unowned let bridge: _AppBridge
    private let launchedAt: Double
    private(set) lazy var application = SimulatedApplication(
        process: self, phone: bridge.phone, now: launchedAt, defaults: bridge.defaults, authorization: bridge.authorization)
    var delegate: (any SimulatedApplicationDelegate)?
    private var managers: [WeakManager] = []
    /// Ranged constraints and the OS region each one is served by.
    private(set) var ranged: [BeaconIdentityConstraint: String] = [:]
    var requests: [AppRequest] = []
    /// Delegate calls CoreLocation makes after the app's call returns (didStartMonitoringFor, …).
    private var followUps: [() -> Void] = []
    /// The current simulated instant (the callback being delivered).
    var clock: SimTime
    /// The main thread `SimulatedTask`s run on.
    let mainExecutor = _SimulatedMainExecutor()
    /// Live timers and delayed work by id.
    private var timers: [Int: SimulatedTimer] = [:]
    private var nextTimer = 1
    /// The `SimulatedMonitor`s opened in this process (`_AppProcess+Monitor.swift`).
    var monitors: [WeakMonitor] = []
    /// The `SimulatedServiceSession`s held, by id, and the requirement the OS was last told.
    var sessions: [Int: ServiceSessionRequirement] = [:]
    var nextSession = 1
    var heldSession = ServiceSessionRequirement.none

    private struct WeakManager {
        weak var manager: SimulatedLocationManager?
    }

    init(bridge: _AppBridge, now: SimTime) {
        self.bridge = bridge
        launchedAt = now.seconds
        clock = now
    }

    /// The live managers, in creation order.
    var liveManagers: [SimulatedLocationManager] { managers.compactMap(\.manager) }

    var monitoredRegions: Set<BeaconRegion> { Set(bridge.registered.values.map(\.region)) }

    /// Runs the app's code with this process as the running one, then CoreLocation's follow-up
    /// calls, and returns the requests made.
    func run(_ body: () -> Void) -> [AppRequest] {
        _CurrentProcess.$running.withValue(_CurrentProcess(self)) {
            body()
            mainExecutor.drain()  // tasks the code started run until they suspend
            var rounds = 0
            while !followUps.isEmpty, rounds < 100 {
                let pending = followUps
                followUps.removeAll()
                for call in pending { call() }
                mainExecutor.drain()
                rounds += 1
            }
        }
        defer { requests.removeAll() }
        return requests
    }

    func record(_ action: AppAction.Kind) {
        bridge.log.append(AppAction(time: application.now, phone: bridge.phone, kind: action))
    }

    func request(_ request: AppRequest, action: AppAction.Kind) {
        requests.append(request)
        record(action)
    }

    func created(_ manager: SimulatedLocationManager) {
        if managers.isEmpty { request(.createLocationManager, action: .createdLocationManager) }
        managers.append(WeakManager(manager: manager))
        followUps.append { [weak manager] in
            guard let manager else { return }
            manager.delegate?.locationManagerDidChangeAuthorization(manager)
        }
    }

    /// Registers `region`; registering again a region the OS already monitors with the same
    /// definition keeps the OS's state (no request reaches the model).
    func startMonitoring(_ region: BeaconRegion, by manager: SimulatedLocationManager) {
        let definition = _UUIDBridging.definition(region)
        record(.startedMonitoring(region: region.identifier))
        if bridge.registered[region.identifier]?.definition != definition { requests.append(.startMonitoring(definition)) }
        bridge.registered[region.identifier] = (definition, region)
        followUps.append { [weak manager] in
            guard let manager else { return }
            manager.delegate?.locationManager(manager, didStartMonitoringFor: region)
        }
    }

    func stopMonitoring(_ region: BeaconRegion) {
        bridge.registered[region.identifier] = nil
        request(.stopMonitoring(identifier: region.identifier), action: .stoppedMonitoring(region: region.identifier))
    }

    /// Ranges `constraint` through the monitored region with exactly that identity; without one
    /// the model cannot range it and the delegate gets `rangingBeaconsDidFailFor`.
    func startRanging(_ constraint: BeaconIdentityConstraint, by manager: SimulatedLocationManager) {
        record(.startedRanging(constraint))
        guard
            let identifier = bridge.registered.keys.sorted().first(where: {
                bridge.registered[$0]?.region.beaconIdentityConstraint == constraint
            }) ?? bridge.kept.first(where: { $0.condition.beaconIdentityConstraint == constraint })?.identifier
        else {
            let error = SimulatedLocationError(
                .rangingFailure,
                reason: "BeaconSimKit ranges only constraints equal to a monitored region's or condition's identity")
            followUps.append { [weak manager] in
                guard let manager else { return }
                manager.delegate?.locationManager(manager, rangingBeaconsDidFailFor: constraint, withError: error)
            }
            return
        }
        ranged[constraint] = identifier
        requests.append(.startRanging(identifier: identifier))
    }

    func stopRanging(_ constraint: BeaconIdentityConstraint) {
        record(.stoppedRanging(constraint))
        guard let identifier = ranged.removeValue(forKey: constraint) else { return }
        if !ranged.values.contains(identifier) { requests.append(.stopRanging(identifier: identifier)) }
    }

    // MARK: - Timers

    /// Schedules `timer` at its fire date (a new id).
    func schedule(_ timer: SimulatedTimer) {
        timer.id = nextTimer
        nextTimer += 1
        timers[timer.id] = timer
        requests.append(.scheduleTimer(id: timer.id, at: Self.instant(timer.fireDate, notBefore: clock)))
    }

    func cancel(timer: SimulatedTimer) {
        guard timers.removeValue(forKey: timer.id) != nil else { return }
        requests.append(.cancelTimer(id: timer.id))
    }

    /// Timer `id` is due (at `scheduledFor`; now is `clock`): runs its block; a repeating timer is
    /// rescheduled for the next of its original firing times after now (missed ones are skipped).
    func fire(timer id: Int, scheduledFor: SimTime) {
        guard let timer = timers[id], timer.isValid else { return }
        if timer.repeats {
            let period = max(1, Int64((timer.timeInterval * 1e9).rounded()))
            let missed = (clock - scheduledFor).nanoseconds / period
            let next = scheduledFor + .nanoseconds(period * (missed + 1))
            timer.fireDate = next.seconds
            requests.append(.scheduleTimer(id: id, at: next))
        } else {
            timers[id] = nil
            timer.finish()
        }
        timer.block(timer)
    }

    /// Simulated seconds as an instant, never before `clock`.
    private static func instant(_ seconds: Double, notBefore clock: SimTime) -> SimTime {
        max(SimTime(nanoseconds: Int64((seconds * 1e9).rounded())), clock)
    }
}
