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
    public convenience init(scenario: Scenario, seed: UInt64, replication: Int = 0) throws {
        var problems: [Diagnostic] = []
        let fileStart = SourceLocation(file: scenario.sourcePath, line: 1, column: 1)
        let radio = Self.radioConfiguration(scenario, problems: &problems, at: fileStart)
        let walls = scenario.venue.walls.compactMap { wall -> WallSegment? in
            guard let loss = scenario.venue.materials[wall.material] ?? Material(rawValue: wall.material)?.lossDB else {
                problems.append(Diagnostic(at: wall.location, "unknown wall material '\(wall.material)'"))
                return nil
            }
            return WallSegment(from: PlanPoint(wall.from), to: PlanPoint(wall.to), lossDB: loss)
        }
        let stream = { (label: String) in RandomStream(seed: seed, replication: replication, label: label) }
        let beacons = scenario.beacons.compactMap { spec -> BeaconDevice? in
            guard let uuid = BeaconUUID(string: spec.uuid) else {
                problems.append(Diagnostic(at: fileStart, "beacon '\(spec.name)': UUID '\(spec.uuid)' does not parse"))
                return nil
            }
            let identity = IBeaconIdentity(uuid: uuid, major: spec.major, minor: spec.minor)
            let power = Int8(clamping: Int(spec.measuredPower.rounded()))
            let startsOn = !(spec.schedule.first.map { $0.at == 0 && !$0.on } ?? false)
            return BeaconDevice(
                name: spec.name, frame: IBeaconFrame(identity: identity, measuredPower: power), position: PlanPoint(spec.position),
                measuredPower: spec.measuredPower, interval: spec.interval, powered: startsOn,
                advDelay: stream("beacon/\(spec.name)/advDelay"))
        }
        let zones = scenario.venue.zones.map { ZonePolygon(name: $0.name, vertices: $0.polygon.map(PlanPoint.init)) }
        let trace = TraceLog()
        var phones: [PhoneDevice] = []
        var crossings: [[ZoneCrossing]] = []
        var regionBeacons: [[(region: String, beacons: [Int])]] = []
        var actionStreams: [[RandomStream]] = []
        var links: [RadioLink] = []
        for spec in scenario.phones {
            guard var profile = ProfileCatalogue.profile(named: spec.os) else {
                problems.append(Diagnostic(at: fileStart, "phone '\(spec.name)': unknown OS profile '\(spec.os)' (see `beaconsim profiles`)"))
                continue
            }
            for override in spec.overrides {
                if let message = profile.override(override.key, with: ProfileValue(override.value)) {
                    problems.append(Diagnostic(at: override.location, message))
                }
            }
            let regions = spec.app.regions.compactMap { region -> RegionDefinition? in
                guard let uuid = BeaconUUID(string: region.uuid) else {
                    problems.append(Diagnostic(at: region.location, "region '\(region.name)': UUID '\(region.uuid)' does not parse"))
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
            let scanner = ScanScheduler(
                profile: profile, random: stream("phone/\(spec.name)/scan"),
                context: ScanContext(foreground: false, screenOn: false, ranging: false, anyRegionInside: false,
                                     bluetoothOn: false, monitoring: false), at: .zero)
            let monitor = RegionMonitor(
                profile: profile, random: stream("phone/\(spec.name)/monitor"), softwareScanAnchor: scanner.softwareScanAnchor)
            phones.append(
                PhoneDevice(
                    name: spec.name, trajectory: trajectory, body: Self.bodyLoss(spec.carry, scenario.radio), profile: profile,
                    monitor: monitor, scanner: scanner, lifecycle: lifecycle,
                    app: RuleBasedApp(spec: spec.app, regions: regions), hasLocationManager: false, regions: regions, trace: trace))
            crossings.append(ZoneCrossing.all(of: zones, by: trajectory, until: scenario.duration))
            regionBeacons.append(
                regions.map { region in
                    (region.identifier, beacons.indices.filter { region.matches(beacons[$0].frame.identity) })
                })
            actionStreams.append(spec.randomActions.indices.map { stream("phone/\(spec.name)/randomAction/\($0)") })
        }
        guard problems.isEmpty else { throw ScenarioError(problems) }
        self.init(
            scenario: scenario, seed: seed, replication: replication,
            propagation: PropagationModel(configuration: radio, walls: walls), beacons: beacons, phones: phones, links: links,
            trace: trace,
            crossings: crossings, regionBeacons: regionBeacons, randomActionStreams: actionStreams)
    }

    /// The carry position's body-loss model, with the scenario's radio overrides applied.
    private static func bodyLoss(_ carry: CarryPosition, _ radio: RadioSpec) -> BodyLossModel {
        var model = BodyLossModel(carry)
        if let front = radio.bodyLossFront { model.front = front }
        if let behind = radio.bodyLossBehind { model.behind = behind }
        if let transition = radio.bodyLossTransition { model.transition = transition }
        return model
    }

    private static func radioConfiguration(
        _ scenario: Scenario, problems: inout [Diagnostic], at location: SourceLocation
    ) -> RadioConfiguration {
        let preset = EnvironmentPreset.all[scenario.venue.environment] ?? {
            problems.append(
                Diagnostic(at: location, "unknown environment '\(scenario.venue.environment)'; known: "
                    + EnvironmentPreset.all.keys.sorted().joined(separator: ", ")))
            return EnvironmentPreset.retail
        }()
        var radio = RadioConfiguration(environment: preset)
        let spec = scenario.radio
        if let value = spec.pathLossExponent { radio.pathLossExponent = value }
        if let value = spec.shadowingSigma { radio.shadowingSigma = value }
        if let value = spec.decorrelationDistance { radio.decorrelationDistance = value }
        if let value = spec.sensitivity { radio.sensitivity = value }
        if let value = spec.measurementNoise { radio.measurementNoiseSigma = value }
        if let value = spec.wallLossCap { radio.wallLossCap = value }
        if let value = spec.minimumDistance { radio.minimumDistance = value }
        if let value = spec.environmentalDoppler { radio.environmentalDopplerHz = value }
        if let value = spec.shadowing { radio.shadowingEnabled = value }
        if let value = spec.bodyLoss { radio.bodyLossEnabled = value }
        if let value = spec.walls { radio.wallsEnabled = value }
        if let value = spec.fading { radio.fadingEnabled = value }
        if let value = spec.packetErrors { radio.packetErrorsEnabled = value }
        return radio
    }
}
