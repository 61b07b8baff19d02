// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

extension PhoneDevice {
    /// t = 0: the app's regions (or CLMonitor conditions) are registered, as left by an earlier
    /// session, and the app starts in its initial state — a foreground app is launched and creates
    /// its manager; a background or suspended one already has its manager (its monitor open and its
    /// service session held) and, with `ranging`, its ranging requests from when the user opened it.
    func start(app: AppSpec, at now: SimTime) -> PhoneOutcome {
        let state = lifecycle.state
        if state != .notRunning {
            trace.append(now, phone: name, .appStateChanged(from: .notRunning, to: state, reason: .initial))
        }
        if !app.preciseLocation { _ = switches.setPreciseLocation(false) }
        if conditions != nil, state != .notRunning, state != .foreground {
            // The process the user opened earlier took its session and opened its monitor then.
            heldAlwaysSessionBefore = app.serviceSession == .always
            process.holdServiceSession(ServiceSessionRequirement(app.serviceSession))
            _ = conditions?.open()
        } else if conditions != nil {
            heldAlwaysSessionBefore = app.serviceSession == .always  // the app has been used before
        }
        // An app may register regions without authorisation; monitoring starts once it is granted
        // (seed claim C37).
        for region in regionOrder {
            if conditions != nil {
                addCondition(
                    region, assuming: assumedStates[region.identifier] ?? .unknown, onlyIfAbsent: false, restored: true,
                    at: now)
            } else {
                apply(monitor.startMonitoring(region, at: now), at: now)
            }
        }
        if lifecycle.authorization == .denied, androidAccess == nil { apply(monitor.pause(reason: .permissionDenied), at: now) }
        if !app.preciseLocation { apply(monitor.pause(reason: .accuracyReduced), at: now) }
        startForegroundService(at: now)
        switch state {
        case .foreground: deliver(.didFinishLaunching(locationEvent: false), at: now)
        case .background, .suspended:
            process.createLocationManager()
            if app.ranging { for region in regionOrder { process.startRanging(region.identifier) } }
        case .notRunning: break
        }
        return .rescheduled
    }
}
