// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import SimulationCore

extension PhoneDevice {
    /// A CoreBluetooth app's scan heard `frame` from `source` (first and last packet of the event):
    /// if the scan delivers it (`CoreBluetoothPresence.discover`), a suspended app with the
    /// `bluetooth-central` mode is woken for it, and the app's presence rule records what changed.
    func scanDelivered(_ frame: AdvertisedFrame, source: Int, first: SimTime, last: SimTime) {
        guard presence?.discover(frame, source: source, at: first, state: lifecycle.state) == true else { return }
        if lifecycle.state != .foreground {
            let decision = lifecycle.wakeForBluetoothEvent(at: first)
            for effect in decision.effects { apply(effect, at: first) }
            guard decision.lostReason == nil, lifecycle.state.isRunning else { return }
        }
        record(presence?.delivered(frame, source: source, first: first, last: last) ?? [], at: first)
    }

    /// The app came to the foreground: its CoreBluetooth scan starts anew.
    func foregroundScanStarted(at now: SimTime) { presence?.scanStarted(at: now) }

    /// Writes the presence rule's decisions to the timeline.
    func record(_ effects: [CoreBluetoothPresence.Effect], at now: SimTime) {
        for effect in effects {
            switch effect {
            case .entered(let region, let first):
                trace.append(now, phone: name, .appPresenceEntered(region: region, firstPacket: first))
            case .exited(let region, let last):
                trace.append(now, phone: name, .appPresenceExited(region: region, lastPacket: last))
            }
        }
    }
}
