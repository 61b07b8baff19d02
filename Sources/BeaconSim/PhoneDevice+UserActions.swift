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
        case .bluetoothOff, .airplaneModeOn:  // airplane mode turns Bluetooth off with it (Apple, Android defaults)
            _ = switches.setBluetooth(on: false)
            apply(monitor.bluetoothChanged(on: false, at: now), at: now)
        case .bluetoothOn, .airplaneModeOff:
            if switches.setBluetooth(on: true) { apply(monitor.bluetoothChanged(on: true, at: now), at: now) }
        case .preciseLocationOff:
            if switches.setPreciseLocation(false) { apply(monitor.pause(reason: .accuracyReduced), at: now) }
        case .preciseLocationOn:
            if switches.setPreciseLocation(true), locationAllowed { monitor.resume(at: now, reason: .initial) }
        case .locationServicesOff:
            if androidAccess != nil {  // Android: the scanner suspends unfiltered scans (PhoneDevice+Access)
                setLocationServices(on: false)
            } else if switches.setLocationServices(false) {
                apply(monitor.pause(reason: .locationServicesOff), at: now)
            }
        case .locationServicesOn:
            if androidAccess != nil {
                setLocationServices(on: true)
            } else if switches.setLocationServices(true), locationAllowed {
                monitor.resume(at: now, reason: .initial)
            }
        case .controlCenterBluetoothOff:
            if switches.setControlCenterBluetooth(off: true) { controlCenterRestoreAt = nextRestore(after: now) }
        case .plugIn, .unplug:
            if switches.setCharging(action == .plugIn) { updateScanConditions(at: now) }
        case .backgroundRefreshOff: lifecycle.backgroundRefresh = false
        case .backgroundRefreshOn: lifecycle.backgroundRefresh = true
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
            } else if previous == .denied, locationAllowed {
                monitor.resume(at: now, reason: .initial)
            }
        }
        return .rescheduled
    }

    /// Whether the OS may monitor for the app at all: authorised, precise, Location Services on.
    private var locationAllowed: Bool { lifecycle.authorization != .denied && switches.locationUsable }

    /// Bluetooth turned off in Control Center turns itself back on (at 5 AM by default).
    func restoreControlCenterBluetooth(at now: SimTime) {
        controlCenterRestoreAt = nil
        _ = switches.setControlCenterBluetooth(off: false)
        trace.append(now, phone: name, .controlCenterBluetoothRestored)
    }

    /// The next instant after `now` at the profile's restore time of day (the run starts at 00:00).
    private func nextRestore(after now: SimTime) -> SimTime {
        let day: Int64 = 86_400_000_000_000
        let timeOfDay = profile.controlCenterBluetoothRestoreAt.nanoseconds % day
        let today = now.nanoseconds - now.nanoseconds % day + timeOfDay
        return SimTime(nanoseconds: today > now.nanoseconds ? today : today + day)
    }
}
