// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
public import ScenarioFormat
internal import SimulationCore
internal import Stochastics

extension World {
    /// Builds replication `replication` of `scenario` (resolving it first; see `ResolvedScenario`).
    /// Throws `ScenarioError` for what the loader cannot know: unknown profiles, invalid overrides,
    /// unknown environments, materials or devices.
    ///
    /// `apps` supplies each phone's app (BeaconSimKit); nil, or nil for a phone, gives the
    /// scenario's rule-based app.
    public convenience init(scenario: Scenario, seed: UInt64, replication: Int = 0, apps: AppFactory? = nil) throws {
        self.init(resolved: try ResolvedScenario(scenario), seed: seed, replication: replication, apps: apps)
    }

    /// Builds replication `replication` of a resolved scenario, every random process seeded from
    /// (`seed`, `replication`, its own label).
    public convenience init(resolved: ResolvedScenario, seed: UInt64, replication: Int = 0, apps: AppFactory? = nil) {
        let scenario = resolved.scenario
        let radio = resolved.propagation.configuration
        let stream = { (label: String) in RandomStream(seed: seed, replication: replication, label: label) }
        let beacons = resolved.beacons.map { beacon -> BeaconDevice in
            let device = BeaconDevice(
                name: beacon.spec.name, frame: beacon.frame, position: beacon.position,
                measuredPower: beacon.measuredPower, interval: beacon.interval, powered: beacon.startsOn,
                advDelay: stream("beacon/\(beacon.spec.name)/advDelay"))
            device.floor = beacon.floor
            device.powerOffTimes = beacon.spec.schedule.filter { !$0.on }.map(\.at).sorted()
            return device
        }
        let trace = TraceLog()
        var phones: [PhoneDevice] = []
        var links: [RadioLink] = []
        for phone in resolved.phones {
            let spec = phone.spec
            let profile = phone.profile
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
                    name: spec.name, trajectory: phone.trajectory, body: phone.body, profile: profile,
                    monitor: monitor, scanner: scanner, lifecycle: lifecycle,
                    app: apps?(spec, phone.regions) ?? RuleBasedApp(spec: spec.app, regions: phone.regions),
                    hasLocationManager: false, regions: phone.regions, trace: trace))
        }
        self.init(
            scenario: scenario, seed: seed, replication: replication,
            propagation: resolved.propagation, beacons: beacons, phones: phones, links: links, trace: trace,
            crossings: resolved.phones.map(\.crossings), regionBeacons: resolved.phones.map(\.regionBeacons),
            randomActionStreams: scenario.phones.map { spec in
                spec.randomActions.indices.map { stream("phone/\(spec.name)/randomAction/\($0)") }
            })
        linkTable.reportingOffsets = resolved.phones.map { phone -> Double in
            switch phone.receiverOffset {
            case .fixed(let offset): offset
            case .drawn(let sigma): stream("phone/\(phone.name)/receiverOffset").normal(sd: sigma)
            }
        }
        linkTable.sensitivityShifts = resolved.phones.map { $0.device.sensitivity - radio.sensitivity }
        linkTable.scanGates = resolved.phones.map {
            ScanGate(random: stream("phone/\($0.name)/scanCeiling"), ceiling: $0.device.scanCeiling)
        }
        linkTable.collisionMeters = resolved.phones.map { _ in
            CollisionMeter(beacons: beacons.count, capture: radio.captureThreshold)
        }
        linkTable.collisionDraws = resolved.phones.map { stream("phone/\($0.name)/collisions") }
        if radio.crowdsEnabled {
            linkTable.bystanderWalks = scenario.bystanders.map { Trajectory.Cursor(Trajectory(waypoints: $0.path)) }
            linkTable.bystanders = scenario.bystanders.map { _ in BodyPosition(point: .zero, floor: 0) }
        }
    }
}
