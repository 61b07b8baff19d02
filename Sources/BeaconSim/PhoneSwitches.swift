// SPDX-License-Identifier: GPL-3.0-or-later

/// The phone's own switches that the user changes: the screen, Bluetooth, the lock that follows a
/// reboot, and the location settings (Precise Location, Location Services, Control Center's
/// Bluetooth half-off). Changed only through its methods, each of which says what changed.
struct PhoneSwitches {
    private(set) var screenOn = false
    private(set) var bluetoothOn = true
    /// After a reboot the OS monitors again only after the first unlock (behaviour.md §1.5, M).
    private(set) var awaitingFirstUnlock = false {
        didSet { refreshBlocks() }
    }
    /// On the charger (Android: no Doze, no standby-bucket limits).
    private(set) var charging = false
    /// The app's Precise Location (iOS 14+): off, no region monitoring and no ranging (Apple
    /// accuracyAuthorization doc, H).
    private(set) var preciseLocation = true {
        didSet { refreshBlocks() }
    }
    /// The system-wide Location Services switch.
    private(set) var locationServices = true {
        didSet { refreshBlocks() }
    }
    /// Bluetooth turned off in Control Center (iOS 11+): the radio keeps serving existing regions
    /// and ranging, new monitoring fails (Radius 2018, M).
    private(set) var controlCenterBluetoothOff = false
    /// Whether the OS counts packets for the app's regions: not before the first unlock, not
    /// without precise location or Location Services (one stored flag: `receive` reads it per event).
    private(set) var blocksMonitoring = false

    /// Whether the app may use location at all (ranging included).
    var locationUsable: Bool { preciseLocation && locationServices }

    private mutating func refreshBlocks() { blocksMonitoring = awaitingFirstUnlock || !locationUsable }

    /// Sets Precise Location; true if that changed it.
    mutating func setPreciseLocation(_ on: Bool) -> Bool {
        defer { preciseLocation = on }
        return preciseLocation != on
    }

    /// Sets Location Services; true if that changed it.
    mutating func setLocationServices(_ on: Bool) -> Bool {
        defer { locationServices = on }
        return locationServices != on
    }

    /// Control Center's Bluetooth switch; true if that changed it.
    mutating func setControlCenterBluetooth(off: Bool) -> Bool {
        defer { controlCenterBluetoothOff = off }
        return controlCenterBluetoothOff != off
    }

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
