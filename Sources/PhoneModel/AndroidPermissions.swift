// SPDX-License-Identifier: GPL-3.0-or-later

/// The Android app's permissions that decide whether beacons reach it (platforms-2026.md §2.1), and
/// the phone's location switch.
public struct AndroidPermissions: Hashable, Sendable {
    /// `BLUETOOTH_SCAN` (Android 12+, "Nearby devices").
    public var bluetoothScan: BluetoothScanGrant
    /// `ACCESS_FINE_LOCATION`: without it beacons are filtered from scan results (Young 2021, M).
    public var fineLocation: Bool
    /// `ACCESS_BACKGROUND_LOCATION` (Android 10+): without it, no beacons while the app is not in
    /// the foreground, unless a location foreground service started while in use runs.
    public var backgroundLocation: Bool
    /// `POST_NOTIFICATIONS` (13+), or the app's notifications switched on before 13.
    public var notifications: Bool
    /// The phone's location services switch.
    public var locationServices: Bool

    public init(
        bluetoothScan: BluetoothScanGrant = .granted, fineLocation: Bool = true, backgroundLocation: Bool = true,
        notifications: Bool = true, locationServices: Bool = true
    ) {
        self.bluetoothScan = bluetoothScan
        self.fineLocation = fineLocation
        self.backgroundLocation = backgroundLocation
        self.notifications = notifications
        self.locationServices = locationServices
    }

    /// The iOS-style permission read the Android way: Always is fine and background location, When
    /// In Use fine location only, denied neither.
    public init(_ authorization: LocationAuthorization) {
        self.init(fineLocation: authorization != .denied, backgroundLocation: authorization == .always)
    }

    /// Why beacons do not reach the app in `state` (nil: they do). `foregroundService`: a
    /// location-typed foreground service started while in use is running; it counts as the
    /// foreground (AOSP `ScanManager` `FOREGROUND_IMPORTANCE_CUTOFF = IMPORTANCE_FOREGROUND_SERVICE`).
    /// Location services off are the scanner's concern (`ScanContext.locationServicesOn`).
    public func beaconsWithheld(state: AppState, foregroundService: Bool) -> String? {
        switch bluetoothScan {
        case .denied: return "BLUETOOTH_SCAN denied"
        case .neverForLocation: return "BLUETOOTH_SCAN neverForLocation: beacons filtered from scan results"
        case .granted: break
        }
        guard fineLocation else { return "ACCESS_FINE_LOCATION not granted: beacons filtered from scan results" }
        if state != .foreground, !backgroundLocation, !foregroundService {
            return "ACCESS_BACKGROUND_LOCATION not granted and no foreground service: no beacons in the background"
        }
        return nil
    }

    /// Whether beacons reach the app (`beaconsWithheld` is nil), without building the reason.
    @inlinable public func deliversBeacons(state: AppState, foregroundService: Bool) -> Bool {
        bluetoothScan == .granted && fineLocation && (state == .foreground || backgroundLocation || foregroundService)
    }
}

/// The `BLUETOOTH_SCAN` grant as the manifest and the user leave it.
public enum BluetoothScanGrant: String, Hashable, Sendable, CaseIterable {
    case granted
    /// Granted with `android:usesPermissionFlags="neverForLocation"`: AOSP drops results matching its
    /// location denylist (beacons) for the app (`ScanController` `mLocationDenylistPredicate`, H);
    /// modelled as: no beacon packet reaches the app.
    case neverForLocation
    case denied
}
