// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

extension AppLifecycle {
    /// CoreBluetooth has a discovery for an app with the `bluetooth-central` background mode at
    /// `now`: a suspended app is woken into the background for its wake window, as for a region
    /// event (Apple, Core Bluetooth Programming Guide, "Core Bluetooth Background Processing": the
    /// system wakes the app to handle Bluetooth events, H). No location permission is involved. A
    /// terminated app is not relaunched: CoreBluetooth state restoration (QA1962) is not modelled.
    public mutating func wakeForBluetoothEvent(at now: SimTime) -> WakeDecision {
        switch state {
        case .foreground: return WakeDecision(effects: [])
        case .background:
            if let end = wakeEnd(from: now) { extendWake(until: end) }
            return WakeDecision(effects: [])
        case .suspended:
            enterBackground(at: now, wakeUntil: wakeEnd(from: now))
            return WakeDecision(effects: [.stateChanged(from: .suspended, to: .background, reason: .bluetoothEvent)])
        case .notRunning:
            return WakeDecision(
                effects: [], lostReason: .coreBluetoothNotRunning)
        }
    }
}
