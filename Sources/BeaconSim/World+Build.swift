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
        let value = { (label: String) in CounterStream(seed: seed, replication: replication, label: label) }
        let beacons = resolved.beacons.map { beacon -> BeaconDevice in
            let device = BeaconDevice(
                name: beacon.spec.name,
                frame: beacon.frame
                    ?? IBeaconFrame(
                        identity: IBeaconIdentity(uuid: BeaconUUID(high: 0, low: 0), major: 0, minor: 0), measuredPower: 0),
                position: beacon.position, measuredPower: beacon.measuredPower, interval: beacon.interval,
                powered: beacon.startsOn, rotation: beacon.sendsOnlyIBeacon ? nil : beacon.rotation, address: beacon.address)
            device.floor = beacon.floor
            return device
        }
        let trace = TraceLog(phones: resolved.phones.map(\.spec.name), beacons: !resolved.beacons.isEmpty)
        var phones: [PhoneDevice] = []
        for phone in resolved.phones {
            let spec = phone.spec
            let profile = phone.profile.withAppScanFilters(spec)
            let lifecycle = AppLifecycle(
                initial: AppState(spec.app.initialState), profile: profile,
                authorization: LocationAuthorization(spec.app.permission), backgroundRefresh: spec.app.backgroundRefresh)
            // Where the phone's scan and processing cycles are at t = 0: uniform over one cycle.
            let cyclePhase = stream("phone/\(spec.name)/cyclePhase").uniform()
            let scanner = ScanScheduler(
                profile: profile, random: stream("phone/\(spec.name)/scan"),
                context: ScanContext(
                    foreground: false, screenOn: false, ranging: false, anyRegionInside: false,
                    bluetoothOn: false, monitoring: false), at: .zero, cyclePhase: cyclePhase,
                restrictions: JobRestrictions(spec, profile: profile, moving: phone.trajectory.motionChanges().initial),
                unfilteredDeafWithScreenOff: MakerOverlay.deafWithScreenOff(spec, profile: profile),
                intentScansDeafWithScreenOff: MakerOverlay.intentScansDeafWithScreenOff(spec, profile: profile),
                startupDeadTime: SimDuration(seconds: phone.device.startupDeadTime))
            let monitor = RegionMonitor(
                profile: profile, random: stream("phone/\(spec.name)/monitor"), softwareScanAnchor: scanner.softwareScanAnchor,
                cyclePhase: cyclePhase)
            // A CoreBluetooth app's regions are its own presence rule's, never CoreLocation's.
            let monitored = phone.coreBluetooth == nil ? phone.regions : []
            let device = PhoneDevice(
                name: spec.name, trajectory: phone.trajectory, body: phone.body, profile: profile,
                monitor: monitor, scanner: scanner, lifecycle: lifecycle,
                app: apps?(spec, monitored) ?? RuleBasedApp(spec: spec.app, regions: monitored),
                hasLocationManager: false, regions: monitored, trace: trace,
                conditions: spec.app.api == .clMonitor ? profile.clMonitor.map(MonitorConditions.init) : nil,
                assumedStates: Dictionary(
                    spec.app.regions.map { ($0.name, ConditionState($0.assuming)) }, uniquingKeysWith: { first, _ in first }),
                androidAccess: AndroidPermissions(spec.app))
            device.visibility = phone.visibility
            device.presence = phone.coreBluetooth.map { CoreBluetoothPresence(settings: $0, regions: phone.regions) }
            device.killer = BackgroundKiller(spec, profile: profile)
            phones.append(device)
        }
        let reportingOffsets = resolved.phones.map { phone -> Double in
            switch phone.receiverOffset {
            case .fixed(let offset): offset
            case .drawn(let sigma): stream("phone/\(phone.name)/receiverOffset").normal(sd: sigma)
            }
        }
        let table = LinkTable(
            beacons: beacons.enumerated().map { index, beacon in
                LinkTable.Beacon(
                    position: beacon.position, measuredPower: beacon.measuredPower, floor: beacon.floor,
                    interval: beacon.interval, intervalSeconds: Double(beacon.interval) / 1e9,
                    advDelay: value("beacon/\(scenario.beacons[index].name)/advDelay"),
                    reportGate: ScanGate(
                        random: value("beacon/\(scenario.beacons[index].name)/reportShare"),
                        ceiling: scenario.beacons[index].reportShare ?? 1, indexedBySlot: true))
            },
            phones: resolved.phones.indices.map { index in
                let phone = resolved.phones[index]
                return LinkTable.Phone(
                    trajectory: phones[index].trajectory, body: phones[index].body,
                    reportingOffset: reportingOffsets[index], sensitivityShift: phone.device.sensitivity - radio.sensitivity,
                    scanGate: ScanGate(random: value("phone/\(phone.name)/scanCeiling"), ceiling: phone.device.scanCeiling),
                    packetLimit: phone.device.packetsPerSlot.isFinite
                        ? max(1, Int(phone.device.packetsPerSlot.rounded())) : nil)
            },
            propagation: resolved.propagation,
            links: { beacon, phone in
                RadioLink(
                    random: value("link/\(scenario.beacons[beacon].name)/\(scenario.phones[phone].name)"),
                    configuration: radio)
            },
            collisionDraws: resolved.phones.map { value("phone/\($0.name)/collisions") },
            bystanders: scenario.bystanders.map { Trajectory(waypoints: $0.path) })
        self.init(
            scenario: scenario, seed: seed, replication: replication, linkTable: table, beacons: beacons, phones: phones,
            trace: trace, crossings: resolved.phones.map(\.crossings), regionBeacons: resolved.phones.map(\.regionBeacons),
            randomActionStreams: scenario.phones.map { spec in
                spec.randomActions.indices.map { stream("phone/\(spec.name)/randomAction/\($0)") }
            })
    }
}
