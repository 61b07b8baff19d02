// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
public import ScenarioFormat
internal import SimulationCore
internal import Stochastics

extension World {
    /// Builds replication `replication` of `scenario`, every random process seeded from
    /// (`seed`, `replication`, its own label). Throws `ScenarioError` for what the loader cannot
    /// know: unknown profiles, invalid overrides, unknown environments or materials.
    ///
    /// `apps` supplies each phone's app (BeaconSimKit); nil, or nil for a phone, gives the
    /// scenario's rule-based app.
    public convenience init(scenario: Scenario, seed: UInt64, replication: Int = 0, apps: AppFactory? = nil) throws {
        var problems: [Diagnostic] = []
        let fileStart = SourceLocation(file: scenario.sourcePath, line: 1, column: 1)
        let built = RadioSetup(scenario, problems: &problems)
        let radio = built.propagation.configuration
        let stream = { (label: String) in RandomStream(seed: seed, replication: replication, label: label) }
        let beacons = scenario.beacons.compactMap { spec -> BeaconDevice? in
            guard let uuid = BeaconUUID(string: spec.uuid) else {
                problems.append(Diagnostic(at: fileStart, "beacon '\(spec.name)': UUID '\(spec.uuid)' does not parse"))
                return nil
            }
            let identity = IBeaconIdentity(uuid: uuid, major: spec.major, minor: spec.minor)
            let power = Int8(clamping: Int(spec.measuredPower.rounded()))
            let startsOn = !(spec.schedule.first.map { $0.at == 0 && !$0.on } ?? false)
            let device = BeaconDevice(
                name: spec.name, frame: IBeaconFrame(identity: identity, measuredPower: power),
                position: PlanPoint(spec.position),
                measuredPower: spec.measuredPower, interval: spec.interval, powered: startsOn,
                advDelay: stream("beacon/\(spec.name)/advDelay"))
            device.floor = spec.floor
            device.powerOffTimes = spec.schedule.filter { !$0.on }.map(\.at).sorted()
            return device
        }
        let zones = scenario.venue.zones.map {
            ZonePolygon(name: $0.name, vertices: $0.polygon.map(PlanPoint.init), floor: $0.floor)
        }
        var receiverOffsets: [Double] = []
        var collisionDraws: [RandomStream] = []
        let trace = TraceLog()
        var phones: [PhoneDevice] = []
        var crossings: [[ZoneCrossing]] = []
        var regionBeacons: [[(region: String, beacons: [Int])]] = []
        var actionStreams: [[RandomStream]] = []
        var links: [RadioLink] = []
        for spec in scenario.phones {
            guard var profile = ProfileCatalogue.profile(named: spec.os) else {
                problems.append(
                    Diagnostic(at: fileStart, "phone '\(spec.name)': unknown OS profile '\(spec.os)' (see `beaconsim profiles`)"))
                continue
            }
            for override in spec.overrides {
                if let message = profile.override(override.key, with: ProfileValue(override.value)) {
                    problems.append(Diagnostic(at: override.location, message))
                }
            }
            let regions = spec.app.regions.compactMap { region -> RegionDefinition? in
                guard let uuid = BeaconUUID(string: region.uuid) else {
                    problems.append(
                        Diagnostic(at: region.location, "region '\(region.name)': UUID '\(region.uuid)' does not parse"))
                    return nil
                }
                return RegionDefinition(
                    identifier: region.name, uuid: uuid, major: region.major, minor: region.minor,
                    notifyOnEntry: region.notifyOnEntry, notifyOnExit: region.notifyOnExit,
                    notifyEntryStateOnDisplay: region.notifyEntryStateOnDisplay)
            }
            let trajectory = Trajectory(waypoints: spec.path)
            let lifecycle = AppLifecycle(
                initial: AppState(spec.app.initialState), profile: profile,
                authorization: LocationAuthorization(spec.app.permission), backgroundRefresh: spec.app.backgroundRefresh)
            links += scenario.beacons.map {
                RadioLink(random: stream("link/\($0.name)/\(spec.name)"), configuration: radio)
            }
            // Where the phone's scan and processing cycles are at t = 0: uniform over one cycle.
            let cyclePhase = stream("phone/\(spec.name)/cyclePhase").uniform()
            let scanner = ScanScheduler(
                profile: profile, random: stream("phone/\(spec.name)/scan"),
                context: ScanContext(
                    foreground: false, screenOn: false, ranging: false, anyRegionInside: false,
                    bluetoothOn: false, monitoring: false), at: .zero, cyclePhase: cyclePhase)
            let monitor = RegionMonitor(
                profile: profile, random: stream("phone/\(spec.name)/monitor"), softwareScanAnchor: scanner.softwareScanAnchor,
                cyclePhase: cyclePhase)
            phones.append(
                PhoneDevice(
                    name: spec.name, trajectory: trajectory, body: Self.bodyLoss(spec.carry, scenario.radio), profile: profile,
                    monitor: monitor, scanner: scanner, lifecycle: lifecycle,
                    app: apps?(spec, regions) ?? RuleBasedApp(spec: spec.app, regions: regions), hasLocationManager: false,
                    regions: regions, trace: trace))
            crossings.append(ZoneCrossing.all(of: zones, by: trajectory, until: scenario.duration))
            regionBeacons.append(
                regions.map { region in
                    (region.identifier, beacons.indices.filter { region.matches(beacons[$0].frame.identity) })
                })
            actionStreams.append(spec.randomActions.indices.map { stream("phone/\(spec.name)/randomAction/\($0)") })
            receiverOffsets.append(
                Self.receiverOffset(spec, radio: radio, stream: stream, problems: &problems, at: fileStart))
            collisionDraws.append(stream("phone/\(spec.name)/collisions"))
        }
        guard problems.isEmpty else { throw ScenarioError(problems) }
        self.init(
            scenario: scenario, seed: seed, replication: replication,
            propagation: built.propagation, beacons: beacons, phones: phones, links: links, trace: trace,
            crossings: crossings, regionBeacons: regionBeacons, randomActionStreams: actionStreams)
        linkTable.receiverOffsets = receiverOffsets
        linkTable.collisionMeters = receiverOffsets.map { _ in
            CollisionMeter(beacons: beacons.count, capture: radio.captureThreshold)
        }
        linkTable.collisionDraws = collisionDraws
        if radio.crowdsEnabled {
            linkTable.bystanderWalks = scenario.bystanders.map { Trajectory.Cursor(Trajectory(waypoints: $0.path)) }
            linkTable.bystanders = scenario.bystanders.map { _ in BodyPosition(point: .zero, floor: 0) }
        }
    }

    /// A phone's receive offset: its `receiverOffset`, else its `device`'s table entry, else
    /// N(0, σ) from its own stream when `radio.receiverOffsetSigma` > 0, else 0 (rf.md §7.3).
    private static func receiverOffset(
        _ spec: PhoneSpec, radio: RadioConfiguration, stream: (String) -> RandomStream, problems: inout [Diagnostic],
        at location: SourceLocation
    ) -> Double {
        if let offset = spec.receiverOffset { return offset }
        if let device = spec.device {
            if let offset = ReceiverOffset.table[device] { return offset }
            problems.append(
                Diagnostic(
                    at: location,
                    "phone '\(spec.name)': unknown device '\(device)'; known: "
                        + ReceiverOffset.table.keys.sorted().joined(separator: ", ")))
            return 0
        }
        guard radio.receiverOffsetSigma > 0 else { return 0 }
        return stream("phone/\(spec.name)/receiverOffset").normal(sd: radio.receiverOffsetSigma)
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
