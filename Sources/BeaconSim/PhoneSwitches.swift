// SPDX-License-Identifier: GPL-3.0-or-later

/// The phone's own switches that the user changes: the screen, Bluetooth, and the lock that
/// follows a reboot. Changed only through its methods, each of which says what changed.
struct PhoneSwitches {
    private(set) var screenOn = false
    private(set) var bluetoothOn = true
    /// After a reboot the OS monitors again only after the first unlock (behaviour.md §1.5, M).
    private(set) var awaitingFirstUnlock = false
    /// On the charger (Android: no Doze, no standby-bucket limits).
    private(set) var charging = false

    /// Whether the OS may use the radio: Bluetooth on and no first unlock outstanding.
    var radioAvailable: Bool { bluetoothOn && !awaitingFirstUnlock }

    /// Lights the screen; true if it was dark.
    mutating func lightScreen() -> Bool {
        defer { screenOn = true }
        return !screenOn
    }

    mutating func darkenScreen() { screenOn = false }

    /// The user unlocks; true if this is the first unlock after a reboot.
    mutating func unlock() -> Bool {
        defer { awaitingFirstUnlock = false }
        return awaitingFirstUnlock
    }

    /// The phone restarts: the screen is dark and the OS waits for the first unlock.
    mutating func reboot() {
        screenOn = false
        awaitingFirstUnlock = true
    }

    /// Plugs the phone in or out; true if that changed it.
    mutating func setCharging(_ on: Bool) -> Bool {
        defer { charging = on }
        return charging != on
    }

    /// Switches Bluetooth; true if that changed it.
    mutating func setBluetooth(on: Bool) -> Bool {
        defer { bluetoothOn = on }
        return bluetoothOn != on
    }
}
