// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
internal import RadioPropagation
internal import ScenarioFormat
internal import SimulationCore
internal import Stochastics

/// The composition root: one replication of a scenario, with its own engine, devices and random
/// streams. Not `Sendable`; build one per replication (`World(scenario:seed:replication:)`).
public final class World {
    let scenario: Scenario
    let seed: UInt64
    let replication: Int
    var simulator = Simulator<WorldEvent>()
    /// Every powered beacon's next advertising event (kept out of the general queue: see `SourceQueue`).
    var advertising = SourceQueue()
    /// First advertising events scheduled by general events (a beacon switched on), applied by the
    /// run loop to its advertising queue.
    var advertisingStarts: [(source: Int, time: SimTime)] = []
    /// Per-link radio state and the per-event radio computation.
    var linkTable: LinkTable
    let beacons: [BeaconDevice]
    let phones: [PhoneDevice]
    let trace: TraceLog
    /// Per phone: zone crossings in time order.
    let crossings: [[ZoneCrossing]]
    /// Per phone, per region identifier: indices of the beacons that match it.
    let regionBeacons: [[(region: String, beacons: [Int])]]
    /// Per phone: random user-action processes and their streams.
    let randomActionStreams: [[RandomStream]]
    let beaconStart: RandomStream
    /// When set and raised, `run()` returns early (checked every 4,096 events) and `stoppedEarly` is true.
    public var stop: StopFlag?
    public private(set) var stoppedEarly = false

    init(
        scenario: Scenario, seed: UInt64, replication: Int, propagation: PropagationModel, beacons: [BeaconDevice],
        phones: [PhoneDevice], links: [RadioLink], trace: TraceLog, crossings: [[ZoneCrossing]],
        regionBeacons: [[(region: String, beacons: [Int])]],
        randomActionStreams: [[RandomStream]]
    ) {
        self.scenario = scenario
        self.seed = seed
        self.replication = replication
        linkTable = LinkTable(
            beacons: beacons.map {
                LinkTable.Beacon(
                    position: $0.position, measuredPower: $0.measuredPower, floor: $0.floor,
                    intervalSeconds: Double($0.interval) / 1e9)
            },
            propagation: propagation,
            trajectories: phones.map(\.trajectory), bodies: phones.map(\.body), links: links)
        self.beacons = beacons
        self.phones = phones
        self.trace = trace
        self.crossings = crossings
        self.regionBeacons = regionBeacons
        self.randomActionStreams = randomActionStreams
        beaconStart = RandomStream(seed: seed, replication: replication, label: "world/beaconStart")
    }

    /// Runs the scenario's full duration and returns the trace and counters. With a `recorder`,
    /// every trace record goes to it as it is produced and the result's `trace` is empty (memory
    /// stays flat however long the run).
    public func run(recordingTo recorder: (any TraceRecorder)? = nil) -> RunResult {
        trace.recorder = recorder
        scheduleInitialEvents()
        let end = SimTime(nanoseconds: scenario.duration)
        // The advertising queue and the link table are moved into locals for the loop, so the
        // per-event work touches plain values rather than class properties (each class-property
        // access costs a dynamic exclusivity check). General events reach them through
        // `advertisingStarts`, applied after each general event.
        var queue = SourceQueue()
        var table = LinkTable.empty
        swap(&queue, &advertising)
        swap(&table, &linkTable)
        var nextGeneral = simulator.nextEventTime()
        while true {
            if simulator.handledCount & 0xFFF == 0, let stop, stop.isRaised {
                stoppedEarly = true
                break
            }
            // The earlier of the next advertising event and the next general event; at the same
            // nanosecond the general event goes first.
            if let next = queue.top, next.time <= end, nextGeneral.map({ next.time < $0 }) ?? true {
                simulator.advanceClock(to: next.time)
                advertise(beacon: next.source, queue: &queue, table: &table)
            } else if let event = simulator.next(until: end) {
                swap(&table, &linkTable)
                handle(event)
                swap(&table, &linkTable)
                for (source, time) in advertisingStarts { queue.insert(source: source, at: time) }
                advertisingStarts.removeAll()
            } else {
                break
            }
            nextGeneral = simulator.nextEventTime()
        }
        swap(&table, &linkTable)
        return RunResult(
            replication: replication, seed: seed, trace: trace.records, packetsSent: linkTable.packetsSent,
            packetsReceived: linkTable.packetsReceived, eventsHandled: simulator.handledCount)
    }

    func scheduleInitialEvents() {
        defer {
            for (source, time) in advertisingStarts { advertising.insert(source: source, at: time) }
            advertisingStarts.removeAll()
        }
        for index in phones.indices { simulator.schedule(.phoneStart(phone: index), at: .zero) }
        for (index, beacon) in beacons.enumerated() {
            if beacon.powered { scheduleFirstAdvertisement(index, after: .zero) }
            for change in scenario.beacons[index].schedule {
                simulator.schedule(.power(beacon: index, on: change.on), at: SimTime(nanoseconds: change.at))
            }
            if let rotation = scenario.beacons[index].addressRotation {  // a random phase, from its own stream
                let phase = RandomStream(seed: seed, replication: replication, label: "beacon/\(beacon.name)/addressRotation")
                simulator.schedule(
                    .rotateAddress(beacon: index), at: SimTime(nanoseconds: Int64(phase.uniform() * Double(rotation))))
            }
        }
        for (phone, list) in crossings.enumerated() {
            for (index, crossing) in list.enumerated() {
                simulator.schedule(.zoneCrossing(phone: phone, crossing: index), at: SimTime(nanoseconds: crossing.time))
            }
        }
        for (phone, spec) in scenario.phones.enumerated() {
            for (index, action) in spec.actions.enumerated() {
                simulator.schedule(.userAction(phone: phone, action: index), at: SimTime(nanoseconds: action.at))
            }
            for index in spec.randomActions.indices { scheduleRandomAction(phone: phone, process: index) }
            if phones[phone].profile.monitoring.scanCycles == nil {  // scan-cycle monitors range at cycle ends
                simulator.schedule(.rangingTick(phone: phone), at: phones[phone].rangingCycle.after(.zero))
            }
        }
    }

    /// A beacon's first advertising event falls uniformly within one interval of `start`.
    private func scheduleFirstAdvertisement(_ index: Int, after start: SimTime) {
        guard !beacons[index].queued else { return }
        let offset = Int64(beaconStart.uniform() * Double(beacons[index].interval))
        advertisingStarts.append((index, start + .nanoseconds(offset)))
        beacons[index].queued = true
    }

    private func scheduleRandomAction(phone: Int, process: Int) {
        let spec = scenario.phones[phone].randomActions[process]
        let gap = randomActionStreams[phone][process].exponential(mean: Double(spec.meanInterval))
        simulator.schedule(.randomAction(phone: phone, process: process), after: .nanoseconds(Int64(gap.rounded())))
    }

    func handle(_ event: WorldEvent) {
        let now = simulator.now
        switch event {
        case .phoneStart(let index): start(phone: index)
        case .power(let index, let on): setPower(beacon: index, on: on)
        case .rotateAddress(let index):
            beacons[index].addressGeneration += 1
            trace.append(now, phone: nil, .addressRotated(beacon: beacons[index].name))
            if let rotation = scenario.beacons[index].addressRotation {
                simulator.schedule(.rotateAddress(beacon: index), after: .nanoseconds(rotation))
            }
        case .phoneTimer(let index):
            phones[index].scheduledTimer = nil
            phones[index].advance(to: now)
            reschedule(phone: index)
        case .rangingTick(let index):
            phones[index].rangingTick(at: now)
            reschedule(phone: index)
            simulator.schedule(.rangingTick(phone: index), after: phones[index].profile.rangingInterval)
        case .zoneCrossing(let phone, let index):
            let crossing = crossings[phone][index]
            trace.append(
                now, phone: phones[phone].name,
                crossing.entered ? .zoneEntered(zone: crossing.zone, atStart: crossing.atStart) : .zoneExited(zone: crossing.zone)
            )
        case .userAction(let phone, let index):
            let action = scenario.phones[phone].actions[index]
            phones[phone].perform(action.action, value: action.value, at: now)
            reschedule(phone: phone)
        case .randomAction(let phone, let process):
            phones[phone].perform(scenario.phones[phone].randomActions[process].action, value: nil, at: now)
            reschedule(phone: phone)
            scheduleRandomAction(phone: phone, process: process)
        }
    }

    /// Keeps exactly one pending timer event per phone, at its models' next deadline, and refreshes
    /// the phone's scan pattern in the link table. Called after every interaction with a phone.
    func reschedule(phone index: Int) { reschedule(phone: index, table: &linkTable) }

    /// As `reschedule(phone:)`, with the link table passed in (the run loop holds it in a local).
    func reschedule(phone index: Int, table: inout LinkTable) {
        let phone = phones[index]
        phone.refreshScan(at: simulator.now)
        table.patterns[index] = phone.listeningSchedule
        phone.needsRefresh = false
        phone.reportScanPattern(at: simulator.now)
        // Work already due (an app timer deferred while the app was suspended) is done now.
        let deadline = phone.nextDeadline.map { max($0, simulator.now) }
        if let scheduled = phone.scheduledTimer {
            if scheduled.time == deadline { return }
            simulator.cancel(scheduled.handle)
            phone.scheduledTimer = nil
        }
        if let deadline {
            phone.scheduledTimer = (deadline, simulator.schedule(.phoneTimer(phone: index), at: deadline))
        }
    }

    private func setPower(beacon index: Int, on: Bool) {
        let beacon = beacons[index]
        guard beacon.powered != on else { return }
        let before = phones.indices.map { phone in
            regionBeacons[phone].map { entry in entry.beacons.contains { beacons[$0].powered } }
        }
        beacon.powered = on
        trace.append(simulator.now, phone: nil, .beaconPowerChanged(beacon: beacon.name, on: on))
        if on { scheduleFirstAdvertisement(index, after: simulator.now) }
        for phone in phones.indices {
            for (position, entry) in regionBeacons[phone].enumerated() where entry.beacons.contains(index) {
                let after = entry.beacons.contains { beacons[$0].powered }
                if before[phone][position], !after {
                    trace.append(simulator.now, phone: phones[phone].name, .regionBeaconsOff(region: entry.region))
                } else if !before[phone][position], after {
                    trace.append(simulator.now, phone: phones[phone].name, .regionBeaconsOn(region: entry.region))
                }
            }
        }
    }
}
