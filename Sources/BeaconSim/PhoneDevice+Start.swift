// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

extension PhoneDevice {
    /// t = 0: the app's regions are registered (as left by an earlier session), and the app starts
    /// in its initial state — a foreground app is launched and creates its manager; a background or
    /// suspended one already has its manager and, with `ranging`, its ranging requests from when
    /// the user opened it.
    func start(ranging: Bool, at now: SimTime) -> PhoneOutcome {
        let state = lifecycle.state
        if state != .notRunning {
            trace.append(now, phone: name, .appStateChanged(from: .notRunning, to: state, reason: .initial))
        }
        // An app may register regions without authorisation; monitoring starts once it is granted
        // (seed claim C37).
        for region in regionOrder { apply(monitor.startMonitoring(region, at: now), at: now) }
        if lifecycle.authorization == .denied, androidAccess == nil { apply(monitor.pause(reason: .permissionDenied), at: now) }
        startForegroundService(at: now)
        switch state {
        case .foreground: deliver(.didFinishLaunching(locationEvent: false), at: now)
        case .background, .suspended:
            process.createLocationManager()
            if ranging { for region in regionOrder { process.startRanging(region.identifier) } }
        case .notRunning: break
        }
        return .rescheduled
    }
}
