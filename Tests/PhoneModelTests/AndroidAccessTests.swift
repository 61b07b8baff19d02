// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Testing

/// Android 12–16 access: permissions filter the app's results (platforms-2026.md §2.1), the
/// foreground service's start limits (§2.3).
@Suite("Android access")
struct AndroidAccessTests {
    @Test("permission is read the Android way: always = fine + background, whenInUse = fine, denied = none")
    func mapping() {
        #expect(AndroidPermissions(.always) == AndroidPermissions(fineLocation: true, backgroundLocation: true))
        #expect(AndroidPermissions(.whenInUse) == AndroidPermissions(fineLocation: true, backgroundLocation: false))
        #expect(AndroidPermissions(.denied) == AndroidPermissions(fineLocation: false, backgroundLocation: false))
    }

    @Test("neverForLocation, a denied BLUETOOTH_SCAN or no fine location withhold beacons in every state")
    func filteredOut() {
        let cases = [
            AndroidPermissions(bluetoothScan: .neverForLocation), AndroidPermissions(bluetoothScan: .denied),
            AndroidPermissions(fineLocation: false),
        ]
        for permissions in cases {
            for state in [AppState.foreground, .background, .suspended, .notRunning] {
                #expect(!permissions.deliversBeacons(state: state, foregroundService: true))
                #expect(permissions.beaconsWithheld(state: state, foregroundService: true) != nil)
            }
        }
        #expect(
            AndroidPermissions(bluetoothScan: .neverForLocation).beaconsWithheld(state: .foreground, foregroundService: false)?
                .contains("neverForLocation") == true)
    }

    @Test("without background location only the foreground, or a running foreground service, gets beacons")
    func backgroundLocation() {
        let whileInUse = AndroidPermissions(.whenInUse)
        #expect(whileInUse.deliversBeacons(state: .foreground, foregroundService: false))
        #expect(!whileInUse.deliversBeacons(state: .background, foregroundService: false))
        #expect(whileInUse.deliversBeacons(state: .background, foregroundService: true))
        #expect(whileInUse.beaconsWithheld(state: .background, foregroundService: true) == nil)
        #expect(AndroidPermissions(.always).deliversBeacons(state: .notRunning, foregroundService: false))
    }

    static func service(version: Int, retry: Bool = true) -> ForegroundService {
        ForegroundService(
            platform: AndroidPlatform(
                version: version, scanTimeout: nil, longScanForcing: false, foregroundService: true,
                retriesForegroundServiceAtBoot: retry, screenOffScanFilters: false))
    }

    @Test("an app opened before the run has its service; one launched into the background is refused on 12+")
    func initial() {
        var opened = Self.service(version: 14)
        #expect(opened.start(processRunning: true, foreground: false) == [.started(.initial)])
        #expect(opened.isRunning)
        var launched = Self.service(version: 12)
        #expect(
            launched.start(processRunning: false, foreground: false).first
                == .refused(.backgroundRestart, reason: .fromBackground))
        #expect(!launched.isRunning && launched.isRefused)
        var older = Self.service(version: 11)
        #expect(older.start(processRunning: false, foreground: false) == [.started(.backgroundRestart)])
    }

    @Test("a refused service starts when the app comes to the foreground, and is refused again after a kill")
    func retryInForeground() {
        var service = Self.service(version: 14)
        _ = service.start(processRunning: false, foreground: false)
        #expect(service.appEnteredForeground() == [.started(.foreground)])
        #expect(service.appEnteredForeground().isEmpty)
        #expect(service.processEnded(reboot: false).count == 1)
        #expect(service.isRefused && !service.isRunning)
        var legacy = ForegroundService(platform: .legacy)
        _ = legacy.start(processRunning: true, foreground: false)
        #expect(legacy.processEnded(reboot: false) == [.started(.backgroundRestart)])
        #expect(legacy.isRunning)
    }

    @Test("at boot: refused on 14 until BOOT_COMPLETED (retried by ABL ≥ 2.20.2), allowed on 13")
    func boot() {
        var current = Self.service(version: 14)
        _ = current.start(processRunning: true, foreground: false)
        #expect(current.processEnded(reboot: true).isEmpty)
        #expect(!current.isRunning)
        let effects = current.firstUnlockAfterReboot()
        #expect(effects.count == 2)
        #expect(effects.last == .started(.bootCompleted))
        #expect(current.isRunning)
        #expect(current.firstUnlockAfterReboot().isEmpty)  // only the first unlock after a reboot

        var noRetry = Self.service(version: 14, retry: false)
        _ = noRetry.start(processRunning: true, foreground: false)
        _ = noRetry.processEnded(reboot: true)
        #expect(noRetry.firstUnlockAfterReboot().count == 1)
        #expect(noRetry.isRefused)

        var thirteen = Self.service(version: 13)
        _ = thirteen.start(processRunning: true, foreground: false)
        _ = thirteen.processEnded(reboot: true)
        #expect(thirteen.firstUnlockAfterReboot() == [.started(.boot)])
    }

    @Test("version rules: 12+ background starts, 14+ boot, 13+ notifications; legacy none")
    func versionRules() {
        let legacy = AndroidPlatform.legacy
        #expect(!legacy.modelsVersion && !legacy.refusesBackgroundServiceStart && !legacy.notificationsNeedPermission)
        let fourteen = OSProfile.android14ABLForegroundService.android
        #expect(fourteen.refusesBackgroundServiceStart && fourteen.refusesServiceStartBeforeBootCompleted)
        #expect(fourteen.notificationsNeedPermission)
        #expect(fourteen.scanTimeout == .minutes(10) && !fourteen.longScanForcing)
        #expect(OSProfile.android14ABL.exitHysteresis == .seconds(30))
        #expect(OSProfile.android14ABL.rangingLinger == .seconds(10))
        #expect(OSProfile.androidABL8ForegroundService.android.foregroundService)
        #expect(OSProfile.androidABL8ForegroundService.android.scanTimeout == nil)
    }

    @Test("overriding androidVersion and scanTimeout reaches the platform; 0 is no timeout")
    func overrides() {
        var profile = OSProfile.android14ABLForegroundService
        #expect(profile.override([("androidVersion", .number(12)), ("scanTimeout", .duration(.minutes(30)))]).isEmpty)
        #expect(profile.android.version == 12)
        #expect(profile.android.scanTimeout == .minutes(30))
        #expect(!profile.android.retriesForegroundServiceAtBoot)  // no boot refusal on 12
        #expect(profile.override("scanTimeout", with: .duration(.zero)) == nil)
        #expect(profile.android.scanTimeout == nil)
        var iOS = OSProfile.iOS
        #expect(iOS.override("scanTimeout", with: .duration(.minutes(10))) == nil)
        #expect(iOS.android == .legacy)
    }
}
