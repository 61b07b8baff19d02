// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import ScenarioFormat
internal import SimulationCore

/// Android 12–16 access (platforms-2026.md §2.1–2.3): the app's permissions filter its scan results,
/// its foreground service follows the app's state under Android's start limits, and notifications
/// need POST_NOTIFICATIONS. iOS phones (`androidAccess == nil`) keep `lifecycle.authorization`.
extension PhoneDevice {
    /// Whether beacon packets reach an Android app now; nil on iOS.
    var androidBeaconsReachApp: Bool? {
        androidAccess?.deliversBeacons(state: lifecycle.state, foregroundService: foregroundService?.isRunning ?? false)
    }

    /// Whether the app's ranging produces results at all: on Android the library ranges unless it
    /// may not scan (its results are filtered packet by packet); on iOS not when denied.
    var rangingAllowed: Bool {
        guard let androidAccess else { return lifecycle.authorization != .denied }
        return androidAccess.bluetoothScan != .denied
    }

    /// t = 0: the foreground service runs if the app has been opened before (it was started then);
    /// an app not running yet will be launched into the background.
    func startForegroundService(at now: SimTime) {
        guard var service = foregroundService else { return }
        let effects = service.start(processRunning: lifecycle.state.isRunning, foreground: lifecycle.state == .foreground)
        foregroundService = service
        trace(effects, at: now)
    }

    /// The app's state changed: the service starts when the app comes to the foreground, and ends
    /// (then is retried from the background, except at a reboot) when its process ends.
    func foregroundServiceFollows(_ state: AppState, reason: AppStateChangeReason, at now: SimTime) {
        guard var service = foregroundService else { return }
        let effects: [ForegroundService.Effect]
        switch state {
        case .foreground: effects = service.appEnteredForeground()
        case .notRunning: effects = service.processEnded(reboot: reason == .reboot)
        case .background, .suspended: return
        }
        foregroundService = service
        trace(effects, at: now)
    }

    /// The phone rebooted (whatever the app's state): the service waits for the first unlock.
    func foregroundServiceRebooted() {
        _ = foregroundService?.processEnded(reboot: true)
    }

    /// The first unlock after a reboot: the app's start attempt, then its BOOT_COMPLETED retry.
    func foregroundServiceAfterBoot(at now: SimTime) {
        guard var service = foregroundService else { return }
        let effects = service.firstUnlockAfterReboot()
        foregroundService = service
        trace(effects, at: now)
    }

    /// Switches location services (`locationServicesOff` / `locationServicesOn`); no effect on iOS.
    func setLocationServices(on: Bool) { androidAccess?.locationServices = on }

    /// The user changed the location permission: on Android it sets fine and background location.
    func androidPermissionChanged(to authorization: LocationAuthorization) {
        guard var access = androidAccess else { return }
        let mapped = AndroidPermissions(authorization)
        access.fineLocation = mapped.fineLocation
        access.backgroundLocation = mapped.backgroundLocation
        androidAccess = access
    }

    /// The trace record of a notification the app posts: suppressed on Android without the
    /// notification permission (POST_NOTIFICATIONS on 13+).
    func notificationRecord(title: String, body: String) -> TraceEvent {
        guard let androidAccess, !androidAccess.notifications else { return .notificationPosted(title: title, body: body) }
        let reason: NotificationSuppression =
            profile.android.notificationsNeedPermission ? .permissionNotGranted : .turnedOff
        return .notificationSuppressed(title: title, body: body, reason: reason)
    }

    /// Traces the service's changes where the profile models an Android version (the legacy
    /// profiles' service always runs and leaves no records).
    private func trace(_ effects: [ForegroundService.Effect], at now: SimTime) {
        guard profile.android.modelsVersion else { return }
        for effect in effects {
            switch effect {
            case .started(let trigger): trace.append(now, phone: name, .foregroundServiceStarted(trigger: trigger))
            case .refused(let trigger, let reason):
                trace.append(now, phone: name, .foregroundServiceRefused(trigger: trigger, reason: reason))
            }
        }
    }
}

extension AndroidPermissions {
    /// The permissions an Android app starts with: `app.android:` where given, else `permission`
    /// read the Android way and today's defaults.
    init(_ app: AppSpec) {
        self.init(LocationAuthorization(app.permission))
        guard let android = app.android else { return }
        if let scan = android.bluetoothScan { bluetoothScan = BluetoothScanGrant(rawValue: scan.rawValue) ?? .granted }
        if let fine = android.fineLocation { fineLocation = fine }
        if let background = android.backgroundLocation { backgroundLocation = background }
        if let notifications = android.notifications { self.notifications = notifications }
        if let locationServices = android.locationServices { self.locationServices = locationServices }
    }
}
