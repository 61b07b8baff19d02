// SPDX-License-Identifier: GPL-3.0-or-later

/// The keys one kind of mapping accepts and requires.
struct _KeyTable {
    /// Allowed keys in the order messages list them; nil = any key (`materials`, `overrides`).
    let allowed: [String]?
    let required: [String]
    /// Further allowed keys given by a pattern (percentile statistics `pN`): the regular
    /// expression (as in `schema.json`'s `patternProperties`), how messages name it, and a matcher.
    let pattern: (regex: String, label: String, matches: @Sendable (String) -> Bool)?

    init(
        _ allowed: [String]?, required: [String] = [],
        pattern: (regex: String, label: String, matches: @Sendable (String) -> Bool)? = nil
    ) {
        self.allowed = allowed
        self.required = required
        self.pattern = pattern
    }

    /// Whether `key` may appear.
    func allows(_ key: String) -> Bool {
        guard let allowed else { return true }
        return allowed.contains(key) || (pattern?.matches(key) ?? false)
    }

    /// The allowed keys as messages list them (the pattern's label last).
    var listed: String { ((allowed ?? []) + (pattern.map { [$0.label] } ?? [])).joined(separator: ", ") }
}

/// Every mapping of schema version 1 and its keys: the single source the loader checks files
/// against and that `Scenarios/schema.json` is tested against, so the two cannot drift.
enum _SchemaKeys {
    static let root = _KeyTable(
        [
            "schemaVersion", "name", "description", "seed", "duration", "replications", "missedAfter", "venue", "radio",
            "beacons", "phones", "expect", "sweep", "imports", "bystanders", "variants", "devices", "outputs",
        ],
        required: ["schemaVersion", "duration", "venue"])  // and phones, unless imported
    static let venue = _KeyTable(["size", "environment", "materials", "floors", "walls", "zones"], required: ["size"])
    static let floor = _KeyTable(["name", "height"])
    static let materials = _KeyTable(nil)
    static let wall = _KeyTable(["from", "to", "material", "floor"], required: ["from", "to", "material"])
    static let zone = _KeyTable(["name", "polygon", "floor", "crowd"], required: ["name", "polygon"])
    static let radio = _KeyTable([
        "pathLossExponent", "shadowingSigma", "decorrelationDistance", "sensitivity", "measurementNoise",
        "wallLossCap", "minimumDistance", "environmentalDoppler", "bodyLossFront", "bodyLossBehind",
        "bodyLossTransition", "shadowing", "bodyLoss", "walls", "fading", "packetErrors", "floors", "crowds",
        "collisions", "deterministic", "floorModel", "crowdLossCap", "captureThreshold", "receiverOffsetSigma",
        "measuredPowerOffset", "breakpointDistance", "farPathLossExponent", "ricianKFactor", "beaconHeight", "phoneHeight",
        "materials",
    ])
    static let outputs = _KeyTable([
        "timeline", "ranging", "track", "trackInterval", "trackRssiThreshold", "trackHeard", "compression",
    ])
    /// `devices:` maps any device name to one of these.
    static let devices = _KeyTable(nil)
    static let device = _KeyTable(["reportingOffset", "sensitivity", "scanCeiling", "packetsPerSlot", "startupDeadTime"])
    static let beacon = _KeyTable(
        [
            "name", "ibeacon", "position", "txPower", "measuredPower", "interval", "schedule", "floor", "addressRotation",
            "reportShare", "eddystone", "altbeacon", "chip", "battery", "txCurrent", "batteryCapacity", "batteryDerating",
            "batteryAge", "dischargeCurve",
        ],
        required: ["name", "position"])
    static let ibeacon = _KeyTable(["uuid", "major", "minor"], required: ["uuid", "major", "minor"])
    static let eddystone = _KeyTable(["namespace", "instance", "url", "tlm", "txPower"])
    static let eddystoneTLM = _KeyTable(["every"], required: ["every"])
    static let altBeacon = _KeyTable(["id1", "id2", "id3", "manufacturer"], required: ["id1", "id2", "id3"])
    static let powerChange = _KeyTable(["at", "power"], required: ["at", "power"])
    static let phone = _KeyTable(
        [
            "name", "os", "overrides", "carry", "app", "path", "actions", "randomActions", "device", "receiverOffset",
            "maker", "charging",
        ],
        required: ["name", "app", "path"])
    static let overrides = _KeyTable(nil)
    static let app = _KeyTable(
        [
            "state", "ranging", "createsManagerAtLaunch", "permission", "backgroundRefresh", "regions", "rules", "api",
            "preciseLocation", "serviceSession", "opensMonitorAtLaunch", "standbyBucket", "unfilteredScans",
            "batteryOptimizationExempt", "android", "layouts", "coreBluetooth",
        ],
        required: ["regions"])
    static let region = _KeyTable(
        [
            "name", "uuid", "major", "minor", "namespace", "instance", "notifyOnEntry", "notifyOnExit",
            "notifyEntryStateOnDisplay", "zone", "assuming",
        ],
        required: ["name"])
    static let androidApp = _KeyTable([
        "bluetoothScan", "fineLocation", "backgroundLocation", "notifications", "locationServices",
    ])
    static let coreBluetooth = _KeyTable(["backgroundMode", "allowDuplicates", "exitAfter"])
    static let rule = _KeyTable(["on", "region", "do", "text"], required: ["on", "do"])
    static let waypoint = _KeyTable(["position", "at", "speed", "dwell", "floor"], required: ["position"])
    static let action = _KeyTable(["at", "action", "value"], required: ["at", "action"])
    static let bystander = _KeyTable(["name", "path"], required: ["name", "path"])
    static let randomAction = _KeyTable(["action", "meanInterval"], required: ["action", "meanInterval"])
    /// A claim: its subject, one quantity form, conditions; or `anyOf`/`allOf` alone.
    static let claim = _KeyTable(
        [
            "phone", "region", "variant", "metric", "count", "where", "from", "to", "versus", "anyOf", "allOf",
            "min", "max", "mean", "rate",
        ],
        pattern: (ClaimStatistic.percentilePattern, "pN (a percentile, 0 < N < 100)", ClaimStatistic.isPercentileKey))
    /// The other side of a comparison.
    static let versus = _KeyTable(["phone", "region", "variant"])
    /// A span end written as a mapping (`from:`, `to:`).
    static let eventSelector = _KeyTable(["event", "where", "pick"], required: ["event"])

    /// A file named under `imports:`: people shared by several layouts, or a radio fragment
    /// (`beaconsim fit`'s radio.yaml: `radio`, `devices`, `reportShares` and a free-form `source`).
    static let importFile = _KeyTable(["phones", "expect", "radio", "devices", "reportShares", "source"])
    /// A fragment given to `predict --radio`: radio settings only.
    static let radioFragment = _KeyTable(["radio", "devices", "reportShares", "source"])
    /// `reportShares:` of a fragment maps beacon names to shares.
    static let reportShares = _KeyTable(nil)
    /// `source:` of a fragment: any keys (a record of where the fragment came from).
    static let source = _KeyTable(nil)

    /// Every table with a fixed key set, by its path in a file (`[]` = each item of a list);
    /// the schema test walks `schema.json` along the same paths.
    static let byPath: [String: _KeyTable] = [
        "": root, "venue": venue, "venue.floors[]": floor, "venue.walls[]": wall, "venue.zones[]": zone, "radio": radio,
        "beacons[]": beacon, "beacons[].ibeacon": ibeacon, "beacons[].eddystone": eddystone,
        "beacons[].eddystone.tlm": eddystoneTLM, "beacons[].altbeacon": altBeacon, "beacons[].schedule[]": powerChange,
        "phones[]": phone, "phones[].app": app, "phones[].app.regions[]": region, "phones[].app.android": androidApp,
        "phones[].app.rules[]": rule, "phones[].app.coreBluetooth": coreBluetooth,
        "phones[].path[]": waypoint, "bystanders[]": bystander, "bystanders[].path[]": waypoint, "phones[].actions[]": action,
        "phones[].randomActions[]": randomAction,
        "expect[]": claim, "expect[].versus": versus, "expect[].from": eventSelector, "expect[].to": eventSelector,
        "devices.*": device, "outputs": outputs,
    ]
}
