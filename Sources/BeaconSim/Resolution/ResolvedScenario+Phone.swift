// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import ScenarioFormat

extension ResolvedScenario {
    /// One phone, or nil (with diagnostics) when its profile, overrides or regions do not resolve.
    static func phone(
        _ spec: PhoneSpec, scenario: Scenario, beacons: [ResolvedBeacon], zones: [ZonePolygon],
        configuration: RadioConfiguration, problems: inout [Diagnostic]
    ) -> ResolvedPhone? {
        let before = problems.count
        let location = place(spec.location, in: scenario)
        guard var profile = ProfileCatalogue.profile(named: spec.os) else {
            problems.append(
                Diagnostic(at: location, "phone '\(spec.name)': unknown OS profile '\(spec.os)' (see `beaconsim profiles`)"))
            return nil
        }
        // Overrides go in together: a flag that switches a mode on and that mode's parameters may
        // come in any order.
        var typed: [(override: ParameterOverride, value: ProfileValue)] = []
        for override in spec.overrides {
            guard let value = ProfileValue(override.value) else {
                problems.append(
                    Diagnostic(at: override.location, "'\(override.key)': expected a number, a duration or true/false"))
                continue
            }
            typed.append((override, value))
        }
        let rejected = profile.override(typed.map { ($0.override.key, $0.value) })
        for (index, entry) in typed.enumerated() {
            if let message = rejected[index] { problems.append(Diagnostic(at: entry.override.location, message)) }
        }
        let scanning = formats(spec, profile: profile, at: location, scenario: scenario, problems: &problems)
        let regions = spec.app.regions.compactMap { region -> RegionDefinition? in
            if let namespace = region.namespace {
                return eddystoneRegion(
                    region, namespace: namespace, visibility: scanning.visibility,
                    coreBluetooth: scanning.coreBluetooth != nil, scenario: scenario, problems: &problems)
            }
            guard let uuid = BeaconUUID(string: region.uuid) else {
                problems.append(
                    Diagnostic(
                        at: place(region.location, in: scenario), "region '\(region.name)': UUID '\(region.uuid)' does not parse")
                )
                return nil
            }
            return RegionDefinition(
                identifier: region.name, uuid: uuid, major: region.major, minor: region.minor,
                notifyOnEntry: region.notifyOnEntry, notifyOnExit: region.notifyOnExit,
                notifyEntryStateOnDisplay: region.notifyEntryStateOnDisplay)
        }
        checkAPI(spec, profile: profile, scenario: scenario, at: location, problems: &problems)
        let device = device(spec, scenario: scenario, configuration: configuration, at: location, problems: &problems)
        guard problems.count == before else { return nil }
        let trajectory = Trajectory(waypoints: spec.path)
        var phone = ResolvedPhone(
            spec: spec, profile: profile, regions: regions, trajectory: trajectory,
            body: BodyLossModel(carry: spec.carry, overrides: scenario.radio), device: device.profile,
            receiverOffset: device.offset,
            regionBeacons: regions.map { region in (region.identifier, beacons.indices.filter { beacons[$0].matches(region) }) },
            crossings: ZoneCrossing.all(of: zones, by: trajectory, until: scenario.duration))
        phone.visibility = scanning.visibility
        phone.coreBluetooth = scanning.coreBluetooth
        return phone
    }

    /// The app's API must exist on the phone's OS: `CLMonitor` from iOS 17 (Apple, H), and it has
    /// no state requests (`requestState` rules).
    private static func checkAPI(
        _ spec: PhoneSpec, profile: OSProfile, scenario: Scenario, at location: SourceLocation,
        problems: inout [Diagnostic]
    ) {
        guard spec.app.api == .clMonitor else { return }
        guard profile.clMonitor != nil else {
            let families = ProfileCatalogue.all.filter { $0.clMonitor != nil }.map { "'\($0.name)'" }
            problems.append(
                Diagnostic(
                    at: location,
                    "phone '\(spec.name)': 'api: clMonitor' needs an OS with CLMonitor (iOS 17+: "
                        + families.joined(separator: ", ") + "); '\(profile.name)' has none"))
            return
        }
        for rule in spec.app.rules where rule.action == .requestState {
            problems.append(
                Diagnostic(
                    at: place(rule.location, in: scenario),
                    "phone '\(spec.name)': 'requestState' has no CLMonitor equivalent (read record(for:) instead)"))
        }
    }

    /// A phone's device: its `device` profile (built in or under `devices:`), else the generic
    /// phone; its reporting offset is the phone's `receiverOffset`, else the device's, else — for a
    /// phone with neither — N(0, σ) when `radio.receiverOffsetSigma` > 0 (rf.md §7.3).
    private static func device(
        _ spec: PhoneSpec, scenario: Scenario, configuration: RadioConfiguration, at location: SourceLocation,
        problems: inout [Diagnostic]
    ) -> (profile: DeviceProfile, offset: ResolvedPhone.ReceiverOffsetSource) {
        guard let device = DeviceProfile(named: spec.device, in: scenario, configuration: configuration) else {
            let known = Set(DeviceCatalogue.profiles.keys).union(scenario.devices.keys).sorted()
            problems.append(
                Diagnostic(
                    at: location,
                    "phone '\(spec.name)': unknown device '\(spec.device ?? "")'; known: " + known.joined(separator: ", ")))
            return (DeviceCatalogue.generic, .fixed(0))
        }
        if let offset = spec.receiverOffset { return (device, .fixed(offset)) }
        if spec.device == nil, configuration.receiverOffsetSigma > 0 {
            return (device, .drawn(sigma: configuration.receiverOffsetSigma))
        }
        return (device, .fixed(device.reportingOffset))
    }
}
