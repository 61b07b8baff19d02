// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

extension PhoneDevice {
    /// Turns the monitor's decisions into callbacks, waking or launching the app as the OS would.
    func apply(_ effects: [RegionEffect], at now: SimTime) {
        guard conditions == nil else { return applyMonitor(effects, at: now) }
        for effect in effects {
            switch effect {
            case .transition(let region, let state, let firstSeen, let lastSeen):
                traceDrawnDelay(of: region, toward: state, at: now)
                trace.append(now, phone: name, .osRegionState(region: region.identifier, state: state, reason: .transition))
                let notify = state == .inside ? region.notifyOnEntry : region.notifyOnExit
                let transition: AppCallback = state == .inside ? .didEnterRegion(region) : .didExitRegion(region)
                var callbacks: [AppCallback] = [.didDetermineState(region, state)]
                if notify { callbacks.insert(transition, at: 0) }
                if notify {
                    wakeAndDeliver(callbacks, at: now, firstSeen: firstSeen, lastSeen: lastSeen)
                } else if lifecycle.state.isRunning {
                    deliver(callbacks, at: now, firstSeen: firstSeen, lastSeen: lastSeen)
                }
            case .determinedState(let region, let state, let reason):
                if reason != .requested, reason != .screenOn {  // the OS's own state changed
                    trace.append(
                        now, phone: name,
                        .osRegionState(region: region.identifier, state: state, reason: RegionStateReason(reason)))
                }
                if reason == .screenOn {
                    wakeAndDeliver([.didDetermineState(region, state)], at: now, reason: RegionStateReason(reason))
                } else if lifecycle.state.isRunning {
                    deliver([.didDetermineState(region, state)], at: now, reason: RegionStateReason(reason))
                }
            case .monitoringFailed(let region, let reason):
                trace.append(now, phone: name, .monitoringRejected(region: region.identifier, reason: reason))
                tell(.monitoringDidFail(region, reason: reason), at: now)
            case .exitLost(let region, let lastSeen):
                trace.append(now, phone: name, .exitNotDelivered(region: region.identifier, lastPacket: lastSeen))
            }
        }
    }

    /// Applies one lifecycle change: trace it, and run `didFinishLaunching` for a new process.
    func apply(_ effect: LifecycleEffect, at now: SimTime) {
        switch effect {
        case .stateChanged(let from, let to, let reason):
            trace.append(now, phone: name, .appStateChanged(from: from, to: to, reason: reason))
            foregroundServiceFollows(to, reason: reason, at: now)
            if to == .notRunning {
                conditions?.close()
                for callback in process.end() {
                    recordLost(callback, reason: .terminatedBeforeRunning, at: now)
                }
            } else if to.isRunning {
                for callback in process.takeHeldCallbacks() { deliver(callback, at: now) }
            }
            if to == .foreground, presence != nil { foregroundScanStarted(at: now) }
        case .launched(let locationEvent):
            deliver(.didFinishLaunching(locationEvent: locationEvent), at: now)
        case .backgroundTaskExpired:
            deliver(.backgroundTimeExpiring, at: now)  // an app callback, manager or not
        }
    }

    /// Tells the app of the outcome of its own request (not a region event, so it wakes nothing): a
    /// running app at once, a suspended one when it next runs; a terminated app has no process to
    /// tell (the request came from an earlier one).
    private func tell(_ callback: AppCallback, at now: SimTime) {
        switch lifecycle.state {
        case .foreground, .background: deliver(callback, at: now)
        case .suspended: process.hold(callback)
        case .notRunning: recordLost(callback, reason: .earlierProcess, at: now)
        }
    }

    private func wakeAndDeliver(
        _ callbacks: [AppCallback], at now: SimTime, firstSeen: SimTime? = nil, lastSeen: SimTime? = nil,
        reason: RegionStateReason = .transition
    ) {
        let decision = lifecycle.wakeForRegionEvent(at: now)
        for effect in decision.effects { apply(effect, at: now) }
        if let lost = decision.lostReason {
            for callback in callbacks { recordLost(callback, reason: lost, at: now) }
            return
        }
        deliver(callbacks, at: now, firstSeen: firstSeen, lastSeen: lastSeen, reason: reason)
    }

    /// Region callbacks: they need the app's location manager when their turn comes.
    private func deliver(
        _ callbacks: [AppCallback], at now: SimTime, firstSeen: SimTime? = nil, lastSeen: SimTime? = nil,
        reason: RegionStateReason = .transition
    ) {
        for callback in callbacks {
            enqueue(
                _QueuedCallback(callback: callback, firstSeen: firstSeen, lastSeen: lastSeen, reason: reason, needsManager: true),
                at: now)
        }
    }

    /// Queues a callback the app gets whether or not it has a location manager (launch, timers,
    /// background time, its own requests' outcomes).
    func deliver(
        _ callback: AppCallback, at now: SimTime, firstSeen: SimTime? = nil, lastSeen: SimTime? = nil,
        reason: RegionStateReason = .transition
    ) {
        enqueue(
            _QueuedCallback(callback: callback, firstSeen: firstSeen, lastSeen: lastSeen, reason: reason, needsManager: false),
            at: now)
    }

    /// Adds a callback to the same-instant queue and, unless a callback is being delivered
    /// already (this one then waits for it to return), delivers the queue in order.
    private func enqueue(_ queued: _QueuedCallback, at now: SimTime) {
        guard callbackQueue.push(queued) else { return }
        while let item = callbackQueue.next() { hand(item, at: now) }
    }

    /// Records the callback on the trace and hands it to the app, then performs its requests.
    private func hand(_ item: _QueuedCallback, at now: SimTime) {
        if item.needsManager, !process.hasLocationManager {
            recordLost(item.callback, reason: .noLocationManager, at: now)
            return
        }
        let event: TraceEvent
        switch item.callback {
        case .didFinishLaunching(let locationEvent): event = .didFinishLaunching(locationEvent: locationEvent)
        case .didEnterRegion(let region): event = .didEnterRegion(region: region.identifier, firstPacket: item.firstSeen)
        case .didExitRegion(let region): event = .didExitRegion(region: region.identifier, lastPacket: item.lastSeen)
        case .didDetermineState(let region, let state):
            event = .didDetermineState(region: region.identifier, state: state, reason: item.reason)
        case .didRangeBeacons(let beacons, let region): event = .didRangeBeacons(region: region.identifier, beacons: beacons)
        case .monitoringDidFail(let region, let why): event = .monitoringDidFail(region: region.identifier, reason: why)
        case .backgroundTimeExpiring: event = .backgroundTimeExpiring
        case .didChangeAuthorization(let status): event = .didChangeAuthorization(status: status)
        case .timerFired(let id, let scheduledFor): event = .timerFired(timer: id, scheduledFor: scheduledFor)
        case .monitorEvent(let monitorEvent): event = .monitorEvent(monitorEvent)
        }
        trace.append(now, phone: name, event)
        if let stateReader {  // BeaconSimKit: record(for:), accuracyAuthorization
            stateReader.coreLocationState(conditions: conditions, preciseLocation: switches.preciseLocation)
        }
        perform(app.handle(item.callback, at: now), at: now)
        if case .didFinishLaunching(true) = item.callback, let conditions, !conditions.isOpen {
            stopUnreceivedConditions(at: now)  // launched for an event, and no monitor opened
        }
    }

    func recordLost(_ callback: AppCallback, reason: CallbackLossReason, at now: SimTime) {
        trace.append(
            now, phone: name, .callbackLost(callback: callback.kind, region: callback.regionIdentifier, reason: reason))
    }

    /// Carries out the app's requests at the same instant.
    func perform(_ requests: [AppRequest], at now: SimTime) {
        for request in requests {
            switch request {
            case .createLocationManager: process.createLocationManager()
            case .startMonitoring(let region):
                if switches.controlCenterBluetoothOff {  // Radius 2018: new monitoring fails, error 5
                    apply(
                        [.monitoringFailed(region, reason: .bluetoothOffInControlCenter)], at: now
                    )
                } else {
                    apply(monitor.startMonitoring(region, at: now), at: now)
                }
            case .stopMonitoring(let identifier): monitor.stopMonitoring(identifier)
            case .startRanging(let identifier): process.startRanging(identifier)
            case .stopRanging(let identifier): process.stopRanging(identifier)
            case .requestState(let identifier): monitor.requestState(identifier, at: now)
            case .postNotification(let title, let body):
                trace.append(now, phone: name, notificationRecord(title: title, body: body))
            case .beginBackgroundTask: _ = lifecycle.beginBackgroundTask(at: now)
            case .endBackgroundTask: lifecycle.endBackgroundTask(at: now)
            case .scheduleTimer(let id, let due): process.scheduleTimer(id: id, at: due)
            case .cancelTimer(let id): process.cancelTimer(id: id)
            case .openMonitor: openMonitor(at: now)
            case .addCondition(let definition, let assuming, let onlyIfAbsent):
                addCondition(definition, assuming: assuming, onlyIfAbsent: onlyIfAbsent, at: now)
            case .removeCondition(let identifier): removeCondition(identifier)
            case .holdServiceSession(let requirement): holdServiceSession(requirement)
            }
        }
    }
}
