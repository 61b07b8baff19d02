// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import ScenarioFormat

extension ResolvedScenario {
    /// One phone, or nil (with diagnostics) when its profile, overrides or regions do not resolve.
    static func phone(
        _ spec: PhoneSpec, scenario: Scenario, beacons: [ResolvedBeacon], zones: [ZonePolygon],
        receiverOffsetSigma: Double, problems: inout [Diagnostic]
    ) -> ResolvedPhone? {
        let before = problems.count
        let location = place(spec.location, in: scenario)
        guard var profile = ProfileCatalogue.profile(named: spec.os) else {
            problems.append(
                Diagnostic(at: location, "phone '\(spec.name)': unknown OS profile '\(spec.os)' (see `beaconsim profiles`)"))
            return nil
        }
        for override in spec.overrides {
            guard let value = ProfileValue(override.value) else {
                problems.append(
                    Diagnostic(at: override.location, "'\(override.key)': expected a number, a duration or true/false"))
                continue
            }
            if let message = profile.override(override.key, with: value) {
                problems.append(Diagnostic(at: override.location, message))
            }
        }
        let regions = spec.app.regions.compactMap { region -> RegionDefinition? in
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
        let offset = receiverOffset(spec, sigma: receiverOffsetSigma, at: location, problems: &problems)
        guard problems.count == before else { return nil }
        let trajectory = Trajectory(waypoints: spec.path)
        return ResolvedPhone(
            spec: spec, profile: profile, regions: regions, trajectory: trajectory, body: bodyLoss(spec.carry, scenario.radio),
            receiverOffset: offset,
            regionBeacons: regions.map { region in
                (region.identifier, beacons.indices.filter { region.matches(beacons[$0].frame.identity) })
            },
            crossings: ZoneCrossing.all(of: zones, by: trajectory, until: scenario.duration))
    }

    /// A phone's receive offset: its `receiverOffset`, else its `device`'s table entry, else
    /// N(0, σ) when `radio.receiverOffsetSigma` > 0, else 0 (rf.md §7.3).
    private static func receiverOffset(
        _ spec: PhoneSpec, sigma: Double, at location: SourceLocation, problems: inout [Diagnostic]
    ) -> ResolvedPhone.ReceiverOffsetSource {
        if let offset = spec.receiverOffset { return .fixed(offset) }
        if let device = spec.device {
            if let offset = ReceiverOffset.table[device] { return .fixed(offset) }
            problems.append(
                Diagnostic(
                    at: location,
                    "phone '\(spec.name)': unknown device '\(device)'; known: "
                        + ReceiverOffset.table.keys.sorted().joined(separator: ", ")))
            return .fixed(0)
        }
        return sigma > 0 ? .drawn(sigma: sigma) : .fixed(0)
    }

    /// The carry position's body-loss model, with the scenario's radio overrides applied.
    private static func bodyLoss(_ carry: CarryPosition, _ radio: RadioSpec) -> BodyLossModel {
        var model = BodyLossModel(carry)
        if let front = radio.bodyLossFront { model.front = front }
        if let behind = radio.bodyLossBehind { model.behind = behind }
        if let transition = radio.bodyLossTransition { model.transition = transition }
        return model
    }
}
