// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

/// The `PhoneApp` the phone model talks to: it turns callbacks into the app's delegate calls,
/// starting a new process (a fresh delegate instance) at every launch, and hands back the requests
/// the app's code made during the call.
final class _AppBridge: CoreLocationStateReader {
    let phone: String
    let authorization: AuthorizationStatus
    let defaults = SimulatedUserDefaults()
    /// The regions the OS monitors for the app, across processes, with the app's view of each.
    var registered: [String: (definition: RegionDefinition, region: BeaconRegion)]
    /// The `CLMonitor` conditions Core Location keeps for the app (`api: clMonitor`), across
    /// processes, in the order added, each with its last event as the app can read it.
    var kept: [KeptCondition] = []
    /// Precise Location (`accuracyAuthorization`), as of the current callback.
    private(set) var preciseLocation: Bool
    /// What the phone said Core Location keeps, just before the callback it is about to deliver.
    private var pendingState: (conditions: MonitorConditions?, preciseLocation: Bool)?
    /// What the app's code asked for, in order.
    var log: [AppAction] = []
    private let makeApp: () -> any SimulatedApplicationDelegate
    private var process: _AppProcess?

    /// `usesMonitor`: the scenario's regions are the app's `CLMonitor` conditions (`api: clMonitor`),
    /// not location-manager regions.
    init(
        phone: String, regions: [RegionDefinition], authorization: AuthorizationStatus, usesMonitor: Bool = false,
        preciseLocation: Bool = true, makeApp: @escaping () -> any SimulatedApplicationDelegate
    ) {
        self.phone = phone
        self.authorization = authorization
        self.preciseLocation = preciseLocation
        self.makeApp = makeApp
        if usesMonitor {
            registered = [:]
            kept = regions.map { KeptCondition($0, state: .unknown, at: 0) }
        } else {
            registered = Dictionary(
                regions.map { ($0.identifier, ($0, _UUIDBridging.region($0))) }, uniquingKeysWith: { first, _ in first })
        }
    }

    func coreLocationState(conditions: MonitorConditions?, preciseLocation: Bool) {
        pendingState = (conditions, preciseLocation)
    }

    func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest] {
        if let state = pendingState {
            pendingState = nil
            preciseLocation = state.preciseLocation
            if let conditions = state.conditions { refresh(from: conditions, at: now.seconds) }
        }
        var requests: [AppRequest] = []
        if case .didFinishLaunching(let locationEvent) = callback {
            return launch(locationEvent: locationEvent, at: now)
        }
        // An app that starts the run in the background was launched earlier by the user.
        if process == nil { requests = launch(locationEvent: false, at: now) }
        guard let process else { return requests }
        process.application.now = now.seconds
        process.clock = now
        return requests + process.run { self.deliver(callback, in: process, at: now) }
    }

    private func launch(locationEvent: Bool, at now: SimTime) -> [AppRequest] {
        let process = _AppProcess(bridge: self, now: now)
        self.process = process
        process.record(.launched(locationEvent: locationEvent))
        return process.run {
            let app = makeApp()
            process.delegate = app
            app.application(process.application, didFinishLaunchingWithOptions: LaunchOptions(location: locationEvent))
        }
    }

    private func region(_ definition: RegionDefinition) -> BeaconRegion {
        registered[definition.identifier]?.region ?? _UUIDBridging.region(definition)
    }

    private func deliver(_ callback: AppCallback, in process: _AppProcess, at now: SimTime) {
        switch callback {
        case .backgroundTimeExpiring:
            process.application.expireBackgroundTasks()
            return
        case .timerFired(let id, let scheduledFor):
            process.fire(timer: id, scheduledFor: scheduledFor)
            return
        case .didChangeAuthorization(let status):
            process.application.authorizationStatus = AuthorizationStatus(status)
        case .monitorEvent(let event):
            process.deliver(event, at: now.seconds)
            return
        default: break
        }
        for manager in process.liveManagers {
            guard let delegate = manager.delegate else { continue }
            switch callback {
            case .didFinishLaunching: break
            case .didEnterRegion(let definition): delegate.locationManager(manager, didEnterRegion: region(definition))
            case .didExitRegion(let definition): delegate.locationManager(manager, didExitRegion: region(definition))
            case .didDetermineState(let definition, let state):
                delegate.locationManager(manager, didDetermineState: state, for: region(definition))
            case .didRangeBeacons(let ranged, let definition):
                let beacons = ranged.map { _UUIDBridging.beacon($0, at: now.seconds) }
                for (constraint, identifier) in process.ranged.sorted(by: { $0.value < $1.value })
                where identifier == definition.identifier {
                    delegate.locationManager(manager, didRange: beacons, satisfying: constraint)
                }
            case .backgroundTimeExpiring, .timerFired, .monitorEvent: break
            case .didChangeAuthorization: delegate.locationManagerDidChangeAuthorization(manager)
            case .monitoringDidFail(let definition, let reason):
                delegate.locationManager(
                    manager, monitoringDidFailFor: region(definition),
                    withError: SimulatedLocationError(.regionMonitoringFailure, reason: reason.description))
            }
        }
    }
}
