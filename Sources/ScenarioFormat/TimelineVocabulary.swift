// SPDX-License-Identifier: GPL-3.0-or-later

/// The events of timeline.jsonl and the fields claims may filter them by (`count:`, `where:`,
/// `from:`, `to:`). The simulator's trace records expose the same names and fields (a test in
/// BeaconSimTests keeps the two equal); times and ranged-beacon lists are not filterable.
public enum TimelineVocabulary {
    /// One event name and its filterable fields.
    public struct Event: Sendable, Equatable {
        public var name: String
        public var fields: [Field]
        /// A world event (beacon power, address rotation): it has no phone, and belongs to every
        /// phone's timeline for spans.
        public var isWorld: Bool

        init(_ name: String, _ fields: [Field] = [], world: Bool = false) {
            self.name = name
            self.fields = fields
            self.isWorld = world
        }

        public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    /// A field: free text, a boolean, or one of a fixed set of values.
    public struct Field: Sendable, Equatable {
        public var name: String
        /// The values it takes, when fixed (`state`: inside, outside, unknown); nil = free text.
        public var values: [String]?
        public var isBoolean: Bool

        static func text(_ name: String) -> Field { Field(name: name, values: nil, isBoolean: false) }
        static func flag(_ name: String) -> Field { Field(name: name, values: ["true", "false"], isBoolean: true) }
        static func one(_ name: String, of values: [String]) -> Field { Field(name: name, values: values, isBoolean: false) }
    }

    /// Region states as timeline.jsonl writes them (`RegionState`).
    public static let regionStates = ["unknown", "inside", "outside"]
    /// App states (`AppState`).
    public static let appStates = ["notRunning", "foreground", "background", "suspended"]

    /// Why the OS determined a region state (`RegionStateReason`).
    public static let regionStateReasons = [
        "transition", "initial", "requested", "screenOn", "bluetoothOn", "bluetoothOff", "reboot", "permissionDenied",
        "accuracyReduced", "locationServicesOff",
    ]
    /// States of a CLMonitor condition (`ConditionState`).
    public static let conditionStates = ["unknown", "satisfied", "unsatisfied", "unmonitored"]
    /// Why the app's state changed (`AppStateChangeReason`).
    public static let appStateChangeReasons = [
        "initial", "regionEvent", "bluetoothEvent", "runningTimeEnded", "backgroundTaskNotEnded", "user",
        "killedByUser", "terminatedBySystem", "reboot",
    ]
    /// Callback names (`AppCallback.Kind`).
    public static let callbacks = [
        "didFinishLaunching", "didEnterRegion", "didExitRegion", "didDetermineState", "didRangeBeacons",
        "monitoringDidFail", "backgroundTimeExpiring", "didChangeAuthorization", "timerFired", "monitorEvent",
    ]
    /// Location authorisations (`LocationAuthorization`).
    public static let authorizations = ["always", "whenInUse", "denied"]

    /// What starts an Android foreground service (`ForegroundService.Trigger`).
    public static let foregroundServiceTriggers = ["initial", "foreground", "backgroundRestart", "boot", "bootCompleted"]
    /// What a long-scan timeout did (`ScanTimeoutOutcome`).
    public static let scanTimeoutOutcomes = ["opportunistic", "lowPower", "restarted"]
    /// The OS delays a timeline records (`OSDelay.Kind`).
    public static let osDelayKinds = [
        "backgroundEntryDelay", "backgroundExitDelay", "scanJobDelay", "softwareScanPhase", "backgroundCyclePhase",
    ]

    private static let region = Field.text("region")
    private static let stateReason = Field.one("reason", of: regionStateReasons)

    /// Every event, in the order of `TraceEvent`.
    public static let events: [Event] = [
        Event("didFinishLaunching", [.flag("locationEvent")]),
        Event("didEnterRegion", [region]),
        Event("didExitRegion", [region]),
        Event("didDetermineState", [region, .one("state", of: regionStates), stateReason]),
        Event("didRangeBeacons", [region]),
        Event("monitoringDidFail", [region, .text("reason")]),
        Event("backgroundTimeExpiring"),
        Event("didChangeAuthorization", [.one("status", of: authorizations)]),
        Event("timerFired", [.text("timer")]),
        Event(
            "monitorEvent",
            [region, .one("state", of: conditionStates), .text("refinement"), .text("diagnostics")]),
        Event("notificationPosted", [.text("title"), .text("body")]),
        Event("osRegionState", [region, .one("state", of: regionStates), stateReason]),
        Event(
            "appStateChanged",
            [
                .one("from", of: appStates), .one("to", of: appStates), .one("reason", of: appStateChangeReasons),
            ]),
        Event("callbackLost", [.one("callback", of: callbacks), region, .text("reason")]),
        Event("monitoringRejected", [region, .text("reason")]),
        Event("exitNotDelivered", [region]),
        Event("conditionUnmonitored", [region]),
        Event("controlCenterBluetoothRestored"),
        Event("appPresenceEntered", [region]),
        Event("appPresenceExited", [region]),
        Event("zoneEntered", [.text("zone"), .flag("atStart")]),
        Event("zoneExited", [.text("zone")]),
        Event("beaconPowerOn", [.text("beacon")], world: true),
        Event("beaconPowerOff", [.text("beacon")], world: true),
        Event("addressRotated", [.text("beacon")], world: true),
        Event("regionBeaconsOff", [region]),
        Event("regionBeaconsOn", [region]),
        Event("userAction", [.text("action")]),
        Event("dozeChanged", [.flag("idle")]),
        Event("notificationSuppressed", [.text("title"), .text("body"), .text("reason")]),
        Event("foregroundServiceStarted", [.one("trigger", of: foregroundServiceTriggers)]),
        Event("foregroundServiceRefused", [.one("trigger", of: foregroundServiceTriggers), .text("reason")]),
        Event("scanTimeout", [.one("outcome", of: scanTimeoutOutcomes)]),
        Event("osDelayDrawn", [region, .one("kind", of: osDelayKinds), .text("distribution")]),
    ]

    public static func event(_ name: String) -> Event? { events.first { $0.name == name } }
}
