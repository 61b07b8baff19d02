// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

/// The `CLMonitor` side of a phone (iOS 17+, `api: clMonitor` apps): the region monitor decides as
/// for the region API — the same Core Location engine — and its decisions become state events of the
/// app's conditions, delivered under CLMonitor's rules (platforms-2026.md §1.2–1.4):
/// - an event reaches only an open monitor; one for an app not running wakes or relaunches it as a
///   region event does, and waits for the monitor the new process opens; a process that finishes
///   launching without opening it makes Core Location stop monitoring those conditions;
/// - iOS 18+: an app not in use receives events only while it holds a `CLServiceSession(.always)`
///   (taken while in use, or again at a relaunch after one was held);
/// - Precise Location off, Location Services off or authorisation revoked give `unsatisfied` events
///   with a diagnostic (`accuracyLimited`, `authorizationDeniedGlobally`, `authorizationDenied`).
extension PhoneDevice {
    /// The monitor's decisions as CLMonitor events (and the same OS-state trace as the region API).
    func applyMonitor(_ effects: [RegionEffect], at now: SimTime) {
        for effect in effects {
            switch effect {
            case .transition(let region, let state, let firstSeen, let lastSeen):
                traceDrawnDelay(of: region, toward: state, at: now)
                trace.append(now, phone: name, .osRegionState(region: region.identifier, state: state, reason: .transition))
                let inside = state == .inside
                send(
                    conditions?.event(
                        region.identifier, state: inside ? .satisfied : .unsatisfied,
                        refinement: inside ? monitor.refinement(of: region.identifier) : nil,
                        firstPacket: inside ? firstSeen : nil, lastPacket: inside ? nil : lastSeen), at: now)
            case .determinedState(let region, let state, let reason):
                guard reason != .requested, reason != .screenOn else { continue }  // no CLMonitor equivalent
                trace.append(
                    now, phone: name,
                    .osRegionState(region: region.identifier, state: state, reason: RegionStateReason(reason)))
                let (conditionState, diagnostics) = Self.conditionState(state, reason: reason)
                send(
                    conditions?.event(
                        region.identifier, state: conditionState,
                        firstDetermination: reason == .initial || reason == .bluetoothOn,
                        refinement: state == .inside ? monitor.refinement(of: region.identifier) : nil,
                        diagnostics: diagnostics), at: now)
            case .monitoringFailed(let region, let reason):
                trace.append(now, phone: name, .monitoringRejected(region: region.identifier, reason: reason))
                send(
                    MonitorEvent(identifier: region.identifier, state: .unknown, diagnostics: [.conditionLimitExceeded]), at: now)
            case .exitLost(let region, let lastSeen):
                trace.append(now, phone: name, .exitNotDelivered(region: region.identifier, lastPacket: lastSeen))
            }
        }
    }

    /// Records the OS delay drawn for a transition: the hardware filter's (iOS background), the
    /// delay before the Android scan job whose scan decided it, or the drawn phase that placed the
    /// deciding scan (iOS's software background scan, Android 5–7 background cycles running since
    /// the start); none in the foreground, by cycles an event restarted or a filtered hit's
    /// detection window.
    func traceDrawnDelay(of region: RegionDefinition, toward state: RegionState, at now: SimTime) {
        guard
            let delay = monitor.drawnDelay(of: region.identifier, toward: state) ?? scanner.jobDelay(deciding: now)
                ?? scanner.phaseDelay(deciding: now)
        else { return }
        trace.append(now, phone: name, .osDelayDrawn(region: region.identifier, delay: delay))
    }

    /// A region state outside a transition as a condition state and its diagnostics.
    static func conditionState(_ state: RegionState, reason: DeterminationReason) -> (ConditionState, [MonitorDiagnostic]) {
        switch (state, reason) {
        case (.inside, _): (.satisfied, [])
        case (.outside, _): (.unsatisfied, [])
        case (.unknown, .accuracyReduced): (.unsatisfied, [.accuracyLimited])
        case (.unknown, .locationServicesOff): (.unsatisfied, [.authorizationDeniedGlobally])
        case (.unknown, .permissionDenied): (.unsatisfied, [.authorizationDenied])
        case (.unknown, _): (.unknown, [])
        }
    }

    /// One event Core Location has for the app: to the open monitor of a process in use; else it
    /// wakes or relaunches the app (with Always authorisation, and on iOS 18+ a service session) and
    /// waits for the monitor that process opens.
    func send(_ event: MonitorEvent?, at now: SimTime) {
        guard let event, conditions != nil else { return }
        if lifecycle.state == .foreground {
            if conditions?.isOpen == true { hand([event], at: now) } else { conditions?.hold(event) }
            return
        }
        if let reason = backgroundDeliveryRefusal {
            recordLost(.monitorEvent(event), reason: reason, at: now)
            return
        }
        conditions?.hold(event)
        let wasRunning = lifecycle.state.isRunning || lifecycle.state == .suspended
        let decision = lifecycle.wakeForRegionEvent(at: now)
        for effect in decision.effects { apply(effect, at: now) }  // a relaunch runs didFinishLaunching now
        if let lost = decision.lostReason {
            conditions?.dropPending(event.identifier)
            recordLost(.monitorEvent(event), reason: lost, at: now)
            return
        }
        if conditions?.isOpen == true {
            openMonitor(at: now)
        } else if wasRunning {
            stopUnreceivedConditions(at: now)  // woken, but this process never opened a monitor
        }
    }

    /// Why an event for an app not in use is not delivered at all, if it is not.
    private var backgroundDeliveryRefusal: CallbackLossReason? {
        switch lifecycle.authorization {
        case .denied: return .permissionDenied
        case .whenInUse: return .whenInUse
        case .always: break
        }
        guard conditions?.support.serviceSessionRequired == true else { return nil }
        let mayRetake = lifecycle.state == .notRunning && heldAlwaysSessionBefore
        guard process.serviceSession == .always || mayRetake else {
            return .noServiceSessionWhileNotInUse
        }
        return nil
    }

    /// The process opens its monitor: the events waiting for it are delivered (an app not in use
    /// without the service session it needs loses them).
    func openMonitor(at now: SimTime) {
        guard let events = conditions?.open(), !events.isEmpty else { return }
        hand(events, at: now)
    }

    private func hand(_ events: [MonitorEvent], at now: SimTime) {
        for event in events {
            if lifecycle.state != .foreground, conditions?.support.serviceSessionRequired == true,
                process.serviceSession != .always
            {
                recordLost(.monitorEvent(event), reason: .noServiceSession, at: now)
                continue
            }
            deliver(.monitorEvent(event), at: now)
        }
    }

    /// A process launched for events finished launching, or was woken, without opening a monitor:
    /// Core Location stops monitoring the conditions whose events were pending.
    func stopUnreceivedConditions(at now: SimTime) {
        for identifier in conditions?.launchFinished() ?? [] {
            monitor.stopMonitoring(identifier)
            trace.append(now, phone: name, .conditionUnmonitored(region: identifier))
        }
    }

    /// `CLMonitor.add`: a new or reset condition starts being detected; one past the limit gets
    /// its `conditionLimitExceeded` event.
    func addCondition(
        _ definition: RegionDefinition, assuming: ConditionState, onlyIfAbsent: Bool, restored: Bool = false, at now: SimTime
    ) {
        guard
            let outcome = conditions?.add(definition, assuming: assuming, onlyIfAbsent: onlyIfAbsent, restored: restored)
        else { return }
        switch outcome {
        case .added:
            applyMonitor(monitor.startMonitoring(definition, at: now), at: now)
        case .reset:
            monitor.stopMonitoring(definition.identifier)
            applyMonitor(monitor.startMonitoring(definition, at: now), at: now)
        case .overLimit(let event):
            send(event, at: now)
        case .unchanged:
            break
        }
    }

    /// `CLMonitor.remove`.
    func removeCondition(_ identifier: String) {
        conditions?.remove(identifier)
        monitor.stopMonitoring(identifier)
    }

    /// The app takes a `CLServiceSession`: one taken while not in use, without one held before,
    /// is `insufficientlyInUse` and counts for nothing until the next time in use.
    func holdServiceSession(_ requirement: ServiceSessionRequirement) {
        guard lifecycle.state == .foreground || heldAlwaysSessionBefore || requirement == .none else { return }
        process.holdServiceSession(requirement)
        if requirement == .always { heldAlwaysSessionBefore = true }
    }
}
