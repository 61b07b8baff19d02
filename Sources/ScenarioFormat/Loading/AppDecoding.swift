// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `app:` — state, permissions, monitored regions and rules.
enum _AppDecoding {
    static func app(_ node: Node, phoneIndex: Int, phoneName: String?, context: _DecodingContext) -> AppSpec? {
        guard let map = _MappingReader(node, for: "app", table: _SchemaKeys.app, context: context) else { return nil }
        var names = _UniqueNames(what: "region")
        var declared: Set<String> = []
        let regions = map.list("regions").map { items in
            items.compactMap { region($0, names: &names, declared: &declared, context: context) }
        }
        context.declared.regionsByPhoneIndex[phoneIndex] = declared
        if let phoneName, context.declared.regionsByPhone[phoneName] == nil {
            context.declared.regionsByPhone[phoneName] = declared
        }
        let rules = map.each("rules") { node, _ in rule(node, phoneIndex: phoneIndex, context: context) }
        let standbyBucket = map.choice("standbyBucket", as: StandbyBucketName.self)
        let unfilteredScans = map.bool("unfilteredScans") ?? false
        let exempt = map.bool("batteryOptimizationExempt") ?? false
        let layouts = map["layouts"].map { node in
            (context.list(node, for: "layouts") ?? []).compactMap { context.choice($0, for: "layouts", as: BeaconLayout.self) }
        }
        let coreBluetooth = map["coreBluetooth"].flatMap { self.coreBluetooth($0, context: context) }
        let api = map.choice("api", as: AppAPI.self) ?? .regionMonitoring
        checkAPIKeys(map, api: api, context: context)
        if map["coreBluetooth"] != nil, api != .coreBluetooth, let key = map.keyNode("coreBluetooth") {
            context.error("'coreBluetooth' settings are only used by 'api: coreBluetooth'", at: key)
        }
        guard let regions else { return nil }
        var app = AppSpec(
            initialState: map.choice("state", as: InitialAppState.self) ?? .background,
            ranging: map.bool("ranging") ?? false, regions: regions,
            createsManagerAtLaunch: map.bool("createsManagerAtLaunch") ?? true,
            permission: map.choice("permission", as: LocationPermission.self) ?? .always,
            backgroundRefresh: map.bool("backgroundRefresh") ?? true, rules: rules)
        app.standbyBucket = standbyBucket
        app.unfilteredScans = unfilteredScans
        app.batteryOptimizationExempt = exempt
        app.api = api
        app.preciseLocation = map.bool("preciseLocation") ?? true
        app.serviceSession = map.choice("serviceSession", as: ServiceSessionGoal.self) ?? .always
        app.opensMonitorAtLaunch = map.bool("opensMonitorAtLaunch") ?? true
        app.android = map["android"].flatMap { _AndroidAppDecoding.android($0, context: context) }
        app.layouts = layouts
        app.coreBluetooth = coreBluetooth
        return app
    }

    /// Keys that belong to one API only: `CLMonitor` has no notify flags and no state requests;
    /// `assuming`, `serviceSession` and `opensMonitorAtLaunch` mean nothing to the region API.
    private static func checkAPIKeys(_ map: _MappingReader, api: AppAPI, context: _DecodingContext) {
        let monitorOnly = ["serviceSession", "opensMonitorAtLaunch"]
        if api != .clMonitor {
            for key in monitorOnly {
                if let node = map.keyNode(key) { context.error("'\(key)' is only used by 'api: clMonitor'", at: node) }
            }
        }
        for item in map["regions"].flatMap(\.sequence) ?? [] {
            guard case .mapping(let region) = item else { continue }
            for (keyNode, _) in region {
                guard let key = keyNode.string else { continue }
                if api == .clMonitor, key.hasPrefix("notify") {
                    context.error(
                        "'\(key)': CLMonitor conditions have no notify flags (Apple BeaconIdentityCondition doc)", at: keyNode)
                } else if api != .clMonitor, key == "assuming" {
                    context.error("'assuming' is only used by 'api: clMonitor' conditions", at: keyNode)
                }
            }
        }
    }

    /// `coreBluetooth: { backgroundMode, allowDuplicates, exitAfter }`.
    private static func coreBluetooth(_ node: Node, context: _DecodingContext) -> CoreBluetoothScanSpec? {
        guard let map = _MappingReader(node, for: "coreBluetooth", table: _SchemaKeys.coreBluetooth, context: context)
        else { return nil }
        let defaults = CoreBluetoothScanSpec()
        return CoreBluetoothScanSpec(
            backgroundMode: map.bool("backgroundMode") ?? defaults.backgroundMode,
            allowDuplicates: map.bool("allowDuplicates") ?? defaults.allowDuplicates,
            exitAfter: map.duration("exitAfter", in: 1_000_000_000...3_600_000_000_000) ?? defaults.exitAfter)
    }

    /// One region. There is deliberately no limit on the count: iOS's 20-region cap is
    /// simulated at run time, not rejected here.
    private static func region(
        _ node: Node, names: inout _UniqueNames, declared: inout Set<String>, context: _DecodingContext
    ) -> RegionSpec? {
        guard let map = _MappingReader(node, for: "regions", table: _SchemaKeys.region, context: context) else {
            return nil
        }
        let name = map.name("name")
        if let name, let nameNode = map["name"] {
            names.insert(name, at: nameNode, context: context)
            declared.insert(name)
        }
        let uuid = map["uuid"].flatMap { _BeaconDecoding.uuidText($0, context: context) }
        let major = map.integer("major", in: 0...65_535).map(UInt16.init)
        let minor = map.integer("minor", in: 0...65_535).map(UInt16.init)
        if map["minor"] != nil, map["major"] == nil, let minorKey = map.keyNode("minor") {
            context.error("'minor' requires 'major'", at: minorKey)
        }
        let eddystone = eddystoneIdentifiers(map, context: context)
        let zone = map.name("zone")
        if let zone { map.refer(.zone, zone, from: "zone") }
        let assuming = map.choice("assuming", as: AssumedConditionState.self)
        guard let name, let identifiers = uuid.map({ ($0, nil as String?, nil as String?) }) ?? eddystone else {
            return nil
        }
        var region = RegionSpec(
            name: name, uuid: identifiers.0, major: major, minor: minor, notifyOnEntry: map.bool("notifyOnEntry") ?? true,
            notifyOnExit: map.bool("notifyOnExit") ?? true,
            notifyEntryStateOnDisplay: map.bool("notifyEntryStateOnDisplay") ?? false, zone: zone,
            location: map.location)
        region.assuming = assuming
        region.namespace = identifiers.1
        region.instance = identifiers.2
        return region
    }

    /// An Eddystone-UID region's `namespace` and optional `instance`, as ("", namespace, instance);
    /// nil (with a diagnostic) when the region has neither a UUID nor a namespace, has both, or
    /// mixes the two kinds of identifiers.
    private static func eddystoneIdentifiers(_ map: _MappingReader, context: _DecodingContext) -> (
        String, String?, String?
    )? {
        guard let namespaceNode = map["namespace"] else {
            if map["uuid"] == nil {
                context.error(
                    "a region needs 'uuid' (iBeacon or AltBeacon id1) or 'namespace' (Eddystone-UID)", at: map.node)
            }
            if let instanceKey = map.keyNode("instance") {
                context.error("'instance' requires 'namespace'", at: instanceKey)
            }
            return nil
        }
        if let uuidKey = map.keyNode("uuid") {
            context.error("a region names either 'uuid' or 'namespace', not both", at: uuidKey)
            return nil
        }
        for key in ["major", "minor"] {
            if let keyNode = map.keyNode(key) {
                context.error("'\(key)' belongs to UUID regions; an Eddystone region takes 'instance'", at: keyNode)
            }
        }
        let namespace = _BeaconFormatDecoding.hex(namespaceNode, digits: 20, for: "namespace", context: context)
        let instance = map["instance"].flatMap {
            _BeaconFormatDecoding.hex($0, digits: 12, for: "instance", context: context)
        }
        guard let namespace, map["instance"] == nil || instance != nil, map["major"] == nil, map["minor"] == nil else {
            return nil
        }
        return ("", namespace, instance)
    }

    private static func rule(_ node: Node, phoneIndex: Int, context: _DecodingContext) -> RuleSpec? {
        guard let map = _MappingReader(node, for: "rules", table: _SchemaKeys.rule, context: context) else {
            return nil
        }
        let trigger = map.choice("on", as: RuleTrigger.self)
        let region = map.name("region")
        if let region { map.refer(.ruleRegion(phoneIndex: phoneIndex), region, from: "region") }
        let action = map.choice("do", as: RuleAction.self)
        let text = map.string("text")
        if action == .notify, map["text"] == nil {
            context.error("a 'notify' rule needs 'text'", at: map.node)
        } else if let action, action != .notify, let textKey = map.keyNode("text") {
            context.error("'text' is only used by 'do: notify', not '\(action.rawValue)'", at: textKey)
        }
        guard let trigger, let action else { return nil }
        return RuleSpec(trigger: trigger, region: region, action: action, text: text, location: map.location)
    }
}
