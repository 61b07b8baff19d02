// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The iOS version families since CLMonitor (platforms-2026.md §1): what each changed, with its
/// source. Detection timing is `ios`'s throughout: the newest public beacon timing measurements are
/// Radius Networks' of 2015 and 2017, and none exists for iOS 17+ or CLMonitor (L).
extension OSProfile {
    /// iOS 17: `CLMonitor` arrives beside the region API (no service sessions yet).
    public static let iOS17: OSProfile = {
        var profile = OSProfile.iOS
        profile.name = "ios-17"
        profile.summary = "iOS 17: as ios, plus CLMonitor (state events, refinement, diagnostics; no service sessions)"
        profile.clMonitor = iOS17Monitor
        profile.changes = [
            "CLMonitor (iOS 17+): named monitor, BeaconIdentityCondition, state events with refinement and diagnostics, persistence (Apple CLMonitor docs; WWDC23 10147, H)",
            "unmonitored state (iOS 17.2; Xcode 15.1 header diff, H)",
            "detection timing: no public CLMonitor beacon measurement; the region API's 2015/2017 figures are used (L)",
        ]
        profile.sources["clMonitorAvailable"] =
            "CLMonitor, iOS 17+ (Apple CLMonitor doc; WWDC23 10147, H); unmonitored state from 17.2 (header diff, H)"
        profile.sources["serviceSessionRequired"] = "CLServiceSession is iOS 18+ (CLServiceSession.h, H): not on iOS 17"
        return profile
    }()

    /// iOS 18: background `CLMonitor` events need a `CLServiceSession(.always)`.
    public static let iOS18: OSProfile = {
        var profile = OSProfile.iOS17
        profile.name = "ios-18"
        profile.summary =
            "iOS 18: as ios-17, and background CLMonitor events need a held CLServiceSession(.always); conditionLimitExceeded"
        profile.clMonitor = iOS18Monitor
        profile.changes = [
            "background CLMonitor events need a held CLServiceSession(.always), taken while in use or at a relaunch after one was held (CLServiceSession.h, iOS 18 SDK, H)",
            "conditionLimitExceeded on events instead of a registration failure (Apple conditionLimitExceeded doc, iOS 18, H; the figure 20, L)",
        ]
        profile.sources["serviceSessionRequired"] =
            "\"an app with Always authorization, but which is not holding such a CLServiceSession will not be able to receive … CLMonitor.events() when it is not in-use\" (CLServiceSession.h, iOS 18 SDK, H)"
        return profile
    }()

    /// iOS 26–27: as iOS 18, and apps force-quit by the user are reported not to be relaunched;
    /// the region API is deprecated in the iOS 27 SDK.
    public static let iOS26: OSProfile = {
        var profile = OSProfile.iOS18
        profile.name = "ios-26"
        profile.summary =
            "iOS 26–27: as ios-18; force-quit apps not relaunched (one report, L); region API deprecated in the iOS 27 SDK"
        profile.killedApps = .staysTerminated
        profile.changes = [
            "apps force-quit by the user are not relaunched for region events (forums 826964, iOS 26.4.2, one report, L)",
            "the region API (CLBeaconRegion, startMonitoring(for:)) deprecated in the iOS 27 SDK: \"Use CLBeaconIdentityCondition instead\" (Apple docs, H); still simulated",
        ]
        profile.sources["relaunchesKilledApps"] =
            "iOS 26.4.2: region monitoring and SLC \"no longer relaunching terminated apps\" after an App-Switcher force-quit; \"the same code on iOS 18 and earlier did relaunch\" (forums 826964, geofences; one report, no Apple answer, L). Override with relaunchesKilledApps: true to test the other answer"
        return profile
    }()

    /// `CLMonitor` on iOS 17: no service sessions; the other rules as documented.
    static let iOS17Monitor = CLMonitorSupport(
        conditionLimit: 20, serviceSessionRequired: false, readdResets: true, pendingEventStopsMonitoring: true)

    /// `CLMonitor` on iOS 18+: background events need a service session.
    static let iOS18Monitor = CLMonitorSupport(
        conditionLimit: 20, serviceSessionRequired: true, readdResets: true, pendingEventStopsMonitoring: true)

    /// The sources of the API-generation parameters in every iOS profile (the families above
    /// replace the ones that differ).
    static let appleAPISources: [String: String] = [
        "clMonitorAvailable": "no CLMonitor before iOS 17 (Apple CLMonitor doc: iOS 17.0+, H)",
        "conditionLimit":
            "Apple gives no number (\"monitoring too many other conditions of this type\", conditionLimitExceeded doc, H); third-party guides say 20 per app, as the region API's limit (L)",
        "serviceSessionRequired": "CLServiceSession is iOS 18+ (CLServiceSession.h, H)",
        "conditionReaddResets":
            "\"the reset made every arrival a fresh entry … while the pending exit was destroyed each time\" (Timegrip-Git/capacitor-ibeacon, 2026, one plugin's observation, L)",
        "pendingEventStopsMonitoring":
            "\"Core Location stops monitoring conditions if an event is pending for them, and there isn't a configured CLMonitor to receive it\" (Apple requestMonitorWithConfiguration doc, H)",
        "controlCenterBluetoothRestoreAt":
            "Control Center's Bluetooth off keeps the radio for existing regions, new monitoring fails with kCLErrorDomain 5 (Radius 2018, M); Bluetooth re-enables itself at 5 AM (medium.com @panlong90, L); the run starts at 00:00",
    ]

    /// The same keys in profiles of other platforms.
    static let appleAPISourcesElsewhere: [String: String] = Dictionary(
        uniqueKeysWithValues: appleAPISources.keys.map { ($0, "iOS only; unused") })
}
