// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

extension PhoneDevice {
    /// What the user does to the phone or the app (scenario `actions:` and `randomActions:`).
    func perform(_ action: UserAction, value: String?, at now: SimTime) -> PhoneOutcome {
        trace.append(now, phone: name, .userAction(action: action, value: value))
        switch action {
        case .screenOn, .unlock:
            let wasDark = switches.lightScreen()
            if action == .unlock, switches.unlock() {
                monitor.resume(at: now, reason: .initial)
                foregroundServiceAfterBoot(at: now)
            }
            if wasDark { monitor.screenTurnedOn(at: now) }
        case .screenOff, .lock:
            switches.darkenScreen()
            for effect in lifecycle.userLeaves(at: now) { apply(effect, at: now) }
        case .foreground, .launch:
            _ = switches.lightScreen()
            for effect in lifecycle.userOpens(at: now) { apply(effect, at: now) }
        case .background:
            for effect in lifecycle.userLeaves(at: now) { apply(effect, at: now) }
        case .kill:
            for effect in lifecycle.terminate(byUser: true, reason: .killedByUser) { apply(effect, at: now) }
        case .terminate:
            for effect in lifecycle.terminate(byUser: false, reason: .terminatedBySystem) { apply(effect, at: now) }
        case .reboot:
            // iOS 7.0 stopped detecting after a reboot as after a kill (beekn 2014, M): profiles that
            // do not relaunch killed apps do not relaunch after a reboot either.
            for effect in lifecycle.terminate(byUser: profile.killedApps == .staysTerminated, reason: .reboot) {
                apply(effect, at: now)
            }
            switches.reboot()
            foregroundServiceRebooted()
            apply(monitor.pause(reason: .reboot), at: now)
        case .bluetoothOff:
            _ = switches.setBluetooth(on: false)
            apply(monitor.bluetoothChanged(on: false, at: now), at: now)
        case .bluetoothOn:
            if switches.setBluetooth(on: true) { apply(monitor.bluetoothChanged(on: true, at: now), at: now) }
        case .backgroundRefreshOff: lifecycle.backgroundRefresh = false
        case .backgroundRefreshOn: lifecycle.backgroundRefresh = true
        case .locationServicesOff: setLocationServices(on: false)
        case .locationServicesOn: setLocationServices(on: true)
        case .permission:
            let previous = lifecycle.authorization
            lifecycle.authorization = LocationAuthorization(rawValue: value ?? "") ?? previous
            if lifecycle.authorization != previous, lifecycle.state.isRunning, process.hasLocationManager {
                deliver(.didChangeAuthorization(lifecycle.authorization), at: now)
            }
            androidPermissionChanged(to: lifecycle.authorization)
            if androidAccess != nil {  // Android: the permissions filter the scan results; nothing pauses
            } else if lifecycle.authorization == .denied, previous != .denied {
                apply(monitor.pause(reason: .permissionDenied), at: now)
            } else if previous == .denied, lifecycle.authorization != .denied {
                monitor.resume(at: now, reason: .initial)
            }
        }
        return .rescheduled
    }
}
