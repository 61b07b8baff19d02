// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

extension World {
    /// t = 0 for one phone: the app's regions are registered (as left by an earlier session), and
    /// the app starts in its initial state — a foreground app is launched and creates its manager;
    /// a suspended one already has its manager and ranging requests from when the user opened it.
    func start(phone index: Int, table: inout LinkTable) {
        let phone = phones[index]
        let spec = scenario.phones[index]
        let now = simulator.now
        let state = phone.lifecycle.state
        if state != .notRunning {
            trace.append(now, phone: phone.name, .appStateChanged(from: .notRunning, to: state, reason: .initial))
        }
        // An app may register regions without authorisation; monitoring starts once it is granted
        // (seed claim C37).
        for region in phone.regionOrder { phone.apply(phone.monitor.startMonitoring(region, at: now), at: now) }
        if phone.lifecycle.authorization == .denied { phone.apply(phone.monitor.pause(reason: .permissionDenied), at: now) }
        switch state {
        case .foreground: phone.deliver(.didFinishLaunching(locationEvent: false), at: now)
        case .background, .suspended:
            phone.hasLocationManager = true
            if spec.app.ranging { phone.rangedRegions = phone.regionOrder.map(\.identifier) }
        case .notRunning: break
        }
        reschedule(phone: index, table: &table)
    }
}
