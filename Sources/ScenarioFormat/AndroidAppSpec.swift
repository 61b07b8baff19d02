// SPDX-License-Identifier: GPL-3.0-or-later

/// `app.android:` — the Android app's permissions and the phone's location switch
/// (platforms-2026.md §2.1). Absent values follow `app.permission` read the Android way (Always:
/// fine and background location; When In Use: fine only; denied: neither) and otherwise today's
/// defaults (Bluetooth scan and notifications granted, location services on). Used by Android
/// phones only.
public struct AndroidAppSpec: Sendable, Equatable {
    /// `BLUETOOTH_SCAN`: nil = granted.
    public var bluetoothScan: AndroidBluetoothScan?
    /// `ACCESS_FINE_LOCATION`: nil = from `permission`.
    public var fineLocation: Bool?
    /// `ACCESS_BACKGROUND_LOCATION`: nil = from `permission`.
    public var backgroundLocation: Bool?
    /// `POST_NOTIFICATIONS` (13+): nil = granted.
    public var notifications: Bool?
    /// The phone's location services at t = 0: nil = on.
    public var locationServices: Bool?

    public init(
        bluetoothScan: AndroidBluetoothScan? = nil, fineLocation: Bool? = nil, backgroundLocation: Bool? = nil,
        notifications: Bool? = nil, locationServices: Bool? = nil
    ) {
        self.bluetoothScan = bluetoothScan
        self.fineLocation = fineLocation
        self.backgroundLocation = backgroundLocation
        self.notifications = notifications
        self.locationServices = locationServices
    }
}

/// `BLUETOOTH_SCAN` as the manifest and the user leave it.
public enum AndroidBluetoothScan: String, Sendable, Equatable, CaseIterable {
    case granted
    /// Declared with `usesPermissionFlags="neverForLocation"`: beacons are filtered from the results.
    case neverForLocation
    case denied
}
