// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

extension PhoneDevice {
    /// What the user does to the phone or the app (scenario `actions:` and `randomActions:`).
    func perform(_ action: UserAction, value: String?, at now: SimTime) {
        trace.append(now, phone: name, .userAction(action: value.map { "\(action.rawValue)=\($0)" } ?? action.rawValue))
        switch action {
        case .screenOn, .unlock:
            let wasOn = screenOn
            screenOn = true
            if !wasOn { monitor.screenTurnedOn(at: now) }
        case .screenOff, .lock:
            screenOn = false
            for effect in lifecycle.userLeaves(at: now) { apply(effect, at: now) }
        case .foreground, .launch:
            screenOn = true
            for effect in lifecycle.userOpens(at: now) { apply(effect, at: now) }
        case .background:
            for effect in lifecycle.userLeaves(at: now) { apply(effect, at: now) }
        case .kill:
            for effect in lifecycle.terminate(byUser: true, reason: "killedByUser") { apply(effect, at: now) }
        case .reboot:
            for effect in lifecycle.terminate(byUser: false, reason: "reboot") { apply(effect, at: now) }
        case .bluetoothOff: bluetoothOn = false
        case .bluetoothOn: bluetoothOn = true
        case .backgroundRefreshOff: lifecycle.backgroundRefresh = false
        case .backgroundRefreshOn: lifecycle.backgroundRefresh = true
        case .permission:
            lifecycle.authorization = LocationAuthorization(rawValue: value ?? "") ?? lifecycle.authorization
        }
    }
}
