// SPDX-License-Identifier: GPL-3.0-or-later
public import PhoneModel
public import ScenarioFormat
public import SimulationCore

/// Something that happened in a run: what the app was told (callbacks), what the OS and the app
/// did, and ground truth (zones, beacon power). Reporting writes these as timeline.jsonl records.
public enum TraceEvent: Sendable, Hashable {
    // Callbacks the app received.
    case didFinishLaunching(locationEvent: Bool)
    /// `firstPacket`: first packet of the region heard after being outside.
    case didEnterRegion(region: String, firstPacket: SimTime?)
    /// `lastPacket`: last packet of the region heard before the exit.
    case didExitRegion(region: String, lastPacket: SimTime?)
    case didDetermineState(region: String, state: RegionState, reason: RegionStateReason)
    case didRangeBeacons(region: String, beacons: [RangedBeacon])
    case monitoringDidFail(region: String, reason: MonitoringFailure)
    case backgroundTimeExpiring
    case didChangeAuthorization(status: LocationAuthorization)
    /// A timer of the app fired; `scheduledFor` is when it was due (earlier when deferred while
    /// the app was suspended).
    case timerFired(timer: Int, scheduledFor: SimTime)
    /// An event of the app's `CLMonitor` (iOS 17+): the condition (`region`), its state, the
    /// refinement, the diagnostics, and the packet times of a transition.
    case monitorEvent(MonitorEvent)
    // What the app did.
    case notificationPosted(title: String, body: String)
    // What the OS did.
    /// The OS's own region state changed (whether or not the app was told): `initial` or `transition`.
    case osRegionState(region: String, state: RegionState, reason: RegionStateReason)
    case appStateChanged(from: AppState, to: AppState, reason: AppStateChangeReason)
    /// A callback the OS had for the app that never reached it, and why.
    case callbackLost(callback: AppCallback.Kind, region: String?, reason: CallbackLossReason)
    /// The OS refused to monitor a region (over the per-app limit), whatever the app's state; what
    /// the app is told (monitoringDidFail, deferred or lost) follows the lifecycle.
    case monitoringRejected(region: String, reason: MonitoringFailure)
    /// The OS decided the phone left but never tells the app (a missed exit).
    case exitNotDelivered(region: String, lastPacket: SimTime?)
    /// Core Location stopped monitoring a CLMonitor condition: an event was pending for it and no
    /// monitor was open to receive it (Apple requestMonitorWithConfiguration doc).
    case conditionUnmonitored(region: String)
    /// Bluetooth turned off in Control Center came back on by itself (at 5 AM).
    case controlCenterBluetoothRestored
    /// An app's own presence rule (a CoreBluetooth scanner: `CoreBluetoothPresence`) decided it
    /// entered a region at the advertisement first delivered to it at `firstPacket`; the metrics
    /// count it as an entry, like didEnterRegion.
    case appPresenceEntered(region: String, firstPacket: SimTime?)
    /// The app's presence rule decided it left (no matching advertisement since `lastPacket`);
    /// counted as an exit, like didExitRegion.
    case appPresenceExited(region: String, lastPacket: SimTime?)
    // Ground truth.
    case zoneEntered(zone: String, atStart: Bool)
    case zoneExited(zone: String)
    case beaconPowerChanged(beacon: String, on: Bool)
    /// A phone acting as a beacon changed its Bluetooth address (same iBeacon identity).
    case addressRotated(beacon: String)
    /// Every beacon matching the region switched off (per phone and region).
    case regionBeaconsOff(region: String)
    case regionBeaconsOn(region: String)
    /// What the user did, with the action's value where it has one (`permission=denied`).
    case userAction(action: UserAction, value: String?)
    /// Android Doze: the phone went idle (`true`: jobs deferred) or left idle for a maintenance
    /// window or for good (`false`). Only for phones whose profile models Doze.
    case dozeChanged(idle: Bool)
    // Android 12–16 (after the others, so their records keep their bytes).
    /// The app's notification was not shown (Android 13+ without POST_NOTIFICATIONS), and why.
    case notificationSuppressed(title: String, body: String, reason: NotificationSuppression)
    /// The app's foreground service started (`ForegroundService.Trigger`).
    case foregroundServiceStarted(trigger: ForegroundService.Trigger)
    /// Android refused to start the app's foreground service; the library falls back to scan jobs.
    case foregroundServiceRefused(trigger: ForegroundService.Trigger, reason: ForegroundService.Refusal)
    /// The OS long-scan timeout acted on the app's scan.
    case scanTimeout(outcome: ScanTimeoutOutcome)
    /// The OS delay drawn for the region transition at this instant (recorded just before its
    /// `osRegionState`): which delay, the value drawn and its distribution — why an entry or exit
    /// came when it did.
    case osDelayDrawn(region: String, delay: OSDelay)

    /// The record's `event` name in timeline.jsonl.
    public var name: String {
        switch self {
        case .didFinishLaunching: "didFinishLaunching"
        case .didEnterRegion: "didEnterRegion"
        case .didExitRegion: "didExitRegion"
        case .didDetermineState: "didDetermineState"
        case .didRangeBeacons: "didRangeBeacons"
        case .monitoringDidFail: "monitoringDidFail"
        case .backgroundTimeExpiring: "backgroundTimeExpiring"
        case .didChangeAuthorization: "didChangeAuthorization"
        case .timerFired: "timerFired"
        case .monitorEvent: "monitorEvent"
        case .conditionUnmonitored: "conditionUnmonitored"
        case .controlCenterBluetoothRestored: "controlCenterBluetoothRestored"
        case .notificationPosted: "notificationPosted"
        case .appStateChanged: "appStateChanged"
        case .osRegionState: "osRegionState"
        case .callbackLost: "callbackLost"
        case .monitoringRejected: "monitoringRejected"
        case .exitNotDelivered: "exitNotDelivered"
        case .appPresenceEntered: "appPresenceEntered"
        case .appPresenceExited: "appPresenceExited"
        case .zoneEntered: "zoneEntered"
        case .zoneExited: "zoneExited"
        case .beaconPowerChanged(_, let on): on ? "beaconPowerOn" : "beaconPowerOff"
        case .addressRotated: "addressRotated"
        case .regionBeaconsOff: "regionBeaconsOff"
        case .regionBeaconsOn: "regionBeaconsOn"
        case .userAction: "userAction"
        case .dozeChanged: "dozeChanged"
        case .notificationSuppressed: "notificationSuppressed"
        case .foregroundServiceStarted: "foregroundServiceStarted"
        case .foregroundServiceRefused: "foregroundServiceRefused"
        case .scanTimeout: "scanTimeout"
        case .osDelayDrawn: "osDelayDrawn"
        }
    }
}
