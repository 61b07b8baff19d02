// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// The top level of a scenario file: scalar settings, then venue, radio, beacons, phones and
/// claims in that order (so positions and times can be checked against venue and duration),
/// then the cross-reference pass.
enum _ScenarioDecoding {
    /// The scenario in `root`, or nil when the context holds any diagnostic.
    static func decode(
        _ root: Node, defaultName: String, source: (path: String, hash: String), context: _DecodingContext
    )
        -> Scenario?
    {
        guard let map = _MappingReader(root, for: "scenario", table: _SchemaKeys.root, context: context) else {
            return nil
        }
        if let node = map["schemaVersion"],
            let version = context.integer(node, for: "schemaVersion", in: .min ... .max),
            version != 1
        {
            context.error(
                "unsupported schemaVersion \(version); this version of BeaconSim reads schemaVersion 1", at: node)
        }
        let name = map["name"].flatMap { scenarioName($0, context: context) } ?? defaultName
        let summary = map.string("description")
        let seed = map["seed"].flatMap { context.unsigned64($0, for: "seed") } ?? 1
        let duration = map.duration("duration", in: 1...ScenarioLimits.maximumSpan)
        context.duration = duration
        let replications = map.integer("replications", in: 1...ScenarioLimits.maximumReplications) ?? 100
        let missedAfter = map.duration("missedAfter", in: 1...ScenarioLimits.maximumSpan) ?? Scenario.defaultMissedAfter
        let venue = map["venue"].flatMap { _VenueDecoding.venue($0, context: context) }
        var radio = map["radio"].flatMap { _VenueDecoding.radio($0, context: context) } ?? RadioSpec()
        var devices = map["devices"].map { _DeviceDecoding.devices($0, context: context) } ?? [:]

        var beaconNames = _UniqueNames(what: "beacon")
        var beacons = map.each("beacons") { node, _ in
            _BeaconDecoding.beacon(node, names: &beaconNames, context: context)
        }
        var phoneNames = _UniqueNames(what: "phone")
        let phones = map.each("phones") { node, index in
            _PhoneDecoding.phone(node, index: index, names: &phoneNames, context: context)
        }
        if let node = map["phones"], case .sequence(let list) = node, list.isEmpty {
            context.error("'phones' must list at least one phone", at: node)
        }
        var claims = map.each("expect") { node, _ in _ClaimDecoding.claim(node, context: context) }
        var imports = _Imports.Imported()
        if let node = map["imports"] {
            imports = _Imports.decode(
                node, importer: source.path, firstPhoneIndex: map.list("phones")?.count ?? 0, phoneNames: &phoneNames,
                beacons: Set(beacons.map(\.name)), context: context)
            claims += imports.claims
            radio = radio.filling(from: imports.radio)
            devices.merge(imports.devices) { own, imported in own.filling(from: imported) }
            for index in beacons.indices where beacons[index].reportShare == nil {
                beacons[index].reportShare = imports.reportShares[beacons[index].name]
            }
        }
        var bystanderNames = _UniqueNames(what: "bystander")
        let bystanders = map.each("bystanders") { node, _ -> BystanderSpec? in
            guard let item = _MappingReader(node, for: "bystanders", table: _SchemaKeys.bystander, context: context) else {
                return nil
            }
            let name = item.name("name")
            if let name, let nameNode = item["name"] { bystanderNames.insert(name, at: nameNode, context: context) }
            let path = item["path"].flatMap { _PathDecoding.path($0, context: context) }
            guard let name, let path else { return nil }
            return BystanderSpec(name: name, path: path)
        }
        let allPhones = phones + imports.phones
        if map["phones"] == nil, map["imports"] == nil {
            context.error("missing required key 'phones' in 'scenario'", at: map.node)
        }
        let sweep = map["sweep"].map { _SweepDecoding.sweep($0, context: context) } ?? []
        _RunSize.check(duration: duration, beacons: beacons, phones: allPhones, map: map, context: context)
        let variants = map["variants"].map { _VariantDecoding.read($0, context: context) } ?? []
        let outputs = map["outputs"].flatMap { _OutputDecoding.outputs($0, context: context) }

        _CrossReferences.check(context)
        guard context.diagnostics.isEmpty, let duration, let venue else { return nil }
        var scenario = Scenario(
            schemaVersion: 1, name: name, summary: summary, seed: seed, duration: duration,
            replications: replications, missedAfter: missedAfter, venue: venue, radio: radio, beacons: beacons,
            phones: allPhones.map { withDefaultZones($0, zones: venue.zones) }, expect: claims, sweep: sweep,
            sourcePath: source.path, sourceHash: source.hash, imports: imports.paths)
        scenario.bystanders = bystanders
        scenario.devices = devices
        scenario.outputs = outputs
        scenario.variants = _VariantDecoding.decode(variants, root: root, base: scenario, context: context)
        return context.diagnostics.isEmpty ? scenario : nil
    }

    /// A results-folder name: letters, digits, `.`, `_` and `-`, at most 255 of them.
    private static func scenarioName(_ node: Node, context: _DecodingContext) -> String? {
        guard let name = context.name(node, for: "name") else { return nil }
        let allowed = name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        guard allowed else {
            context.error("'name' may contain only letters, digits, '.', '_' and '-', found '\(name)'", at: node)
            return nil
        }
        // It names a folder: longer than NAME_MAX (255 bytes on Linux and macOS) cannot be created.
        guard name.utf8.count <= 255 else {
            context.error(
                "'name' is \(name.utf8.count) characters long; it names the results folder, and a file name has at most 255",
                at: node)
            return nil
        }
        return name
    }

    /// Fills each region's `zone` with the venue zone of the same name when none is given.
    private static func withDefaultZones(_ phone: PhoneSpec, zones: [ZoneSpec]) -> PhoneSpec {
        var phone = phone
        let names = Set(zones.map(\.name))
        for index in phone.app.regions.indices where phone.app.regions[index].zone == nil {
            let region = phone.app.regions[index]
            if names.contains(region.name) { phone.app.regions[index].zone = region.name }
        }
        return phone
    }
}
