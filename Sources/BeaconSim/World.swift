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
    /// Touched for every advertising event; no access to it overlaps another (the world is
    /// single-threaded and never holds it across a call that reaches it), so it goes unchecked.
    @exclusivity(unchecked) var simulator = Simulator<WorldEvent>()
    /// Every powered beacon's next advertising event (kept out of the general queue: see
    /// `SourceQueue`), for worlds driven from outside; `run()` keeps its own.
    var advertising = SourceQueue()
    /// Per-link radio state and the per-event radio computation (`run()` hands it down `inout`).
    var linkTable: LinkTable
    let beacons: [BeaconDevice]
    let phones: [PhoneDevice]
    /// The same phones, unretained, for the per-event delivery (`advertise`): calling one through
    /// `_withUnsafeGuaranteedRef` costs no reference counting — an atomic increment and decrement
    /// on the phone object's own cache line, per receiving phone and event. `phones` keeps them alive.
    let unretainedPhones: [Unmanaged<PhoneDevice>]
    /// Per phone: its one pending timer event, at its `nextDeadline` (see `reschedule`).
    var phoneTimers: [(time: SimTime, handle: EventHandle)?]
    let trace: TraceLog
    /// Per phone: zone crossings in time order.
    let crossings: [[ZoneCrossing]]
    /// Per phone, per region identifier: indices of the beacons that match it.
    let regionBeacons: [[(region: String, beacons: [Int])]]
    /// Per phone: random user-action processes and their streams.
    let randomActionStreams: [[RandomStream]]
    let beaconStart: RandomStream
    /// When set and raised, `run()` (and a replay) returns early (checked every 4,096 events) and
    /// `stoppedEarly` is true.
    public var stop: StopFlag?
    public internal(set) var stoppedEarly = false

    init(
        scenario: Scenario, seed: UInt64, replication: Int, linkTable: consuming LinkTable, beacons: [BeaconDevice],
        phones: [PhoneDevice], trace: TraceLog, crossings: [[ZoneCrossing]],
        regionBeacons: [[(region: String, beacons: [Int])]],
        randomActionStreams: [[RandomStream]]
    ) {
        self.scenario = scenario
        self.seed = seed
        self.replication = replication
        self.linkTable = linkTable
        self.beacons = beacons
        self.phones = phones
        unretainedPhones = phones.map { Unmanaged.passUnretained($0) }
        phoneTimers = Array(repeating: nil, count: phones.count)
        self.trace = trace
        self.crossings = crossings
        self.regionBeacons = regionBeacons
        self.randomActionStreams = randomActionStreams
        beaconStart = RandomStream(seed: seed, replication: replication, label: "world/beaconStart")
    }

    /// Runs the scenario's full duration and returns the trace and counters. With a `recorder`,
    /// every trace record goes to it as it is produced and the result's `trace` is empty (memory
    /// stays flat however long the run). `mode` chooses the fast loop (default) or the reference
    /// loop; both give byte-identical results (`LoopMode`).
    public func run(recordingTo recorder: (any TraceRecorder)? = nil, mode: LoopMode = .fast) -> RunResult {
        trace.recorder = recorder
        // The link table is passed down as one `inout` access for the whole run (one exclusivity
        // check, not one per event); the general events get it, and the advertising queue, as
        // arguments, so nothing inside the loop reaches `linkTable` through `self`.
        linkTable.skipping = mode == .fast
        let end = SimTime(nanoseconds: scenario.duration)
        let finished: Bool
        switch mode {
        case .fast:
            var loop = RunLoop(queue: SourceCalendar(), end: end)
            finished = loop.run(self, table: &linkTable)
        case .reference:
            var loop = RunLoop(queue: SourceQueue(), end: end)
            finished = loop.run(self, table: &linkTable)
        }
        stoppedEarly = !finished
        var result = RunResult(
            replication: replication, seed: seed, trace: trace.records, packetsSent: linkTable.packetsSent,
            packetsReceived: linkTable.packetsReceived, eventsHandled: simulator.handledCount)
        result.linkEvaluations = linkTable.linkEvaluations
        return result
    }

    func scheduleInitialEvents<Queue: SourceScheduling>(table: inout LinkTable, queue: inout Queue) {
        for index in phones.indices { simulator.schedule(.phoneStart(phone: index), at: .zero) }
        for (index, beacon) in beacons.enumerated() {
            if beacon.powered { scheduleFirstAdvertisement(index, after: .zero, queue: &queue) }
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
        }
        scheduleMotion()
    }

    /// A beacon's first advertising event falls uniformly within one interval of `start`.
    private func scheduleFirstAdvertisement<Queue: SourceScheduling>(_ index: Int, after start: SimTime, queue: inout Queue) {
        guard !beacons[index].queued else { return }
        let offset = Int64(beaconStart.uniform() * Double(beacons[index].interval))
        queue.insert(source: index, at: start + .nanoseconds(offset))
        beacons[index].queued = true
    }

    private func scheduleRandomAction(phone: Int, process: Int) {
        let spec = scenario.phones[phone].randomActions[process]
        let gap = randomActionStreams[phone][process].exponential(mean: Double(spec.meanInterval))
        simulator.schedule(.randomAction(phone: phone, process: process), after: .nanoseconds(Int64(gap.rounded())))
    }

    /// Handles one general event; `table` and `queue` are the run's link table and advertising queue.
    func handle<Queue: SourceScheduling>(_ event: WorldEvent, table: inout LinkTable, queue: inout Queue) {
        let now = simulator.now
        switch event {
        case .phoneStart(let index): start(phone: index, table: &table)
        case .power(let index, let on): setPower(beacon: index, on: on, queue: &queue)
        case .rotateAddress(let index):
            beacons[index].addressGeneration += 1
            trace.append(now, phone: nil, .addressRotated(beacon: beacons[index].name))
            if let rotation = scenario.beacons[index].addressRotation {
                simulator.schedule(.rotateAddress(beacon: index), after: .nanoseconds(rotation))
            }
        case .phoneTimer(let index):
            phoneTimers[index] = nil
            if phones[index].advance(to: now).needsReschedule { reschedule(phone: index, table: &table) }
        case .zoneCrossing(let phone, let index):
            let crossing = crossings[phone][index]
            trace.append(
                now, phone: phones[phone].name,
                crossing.entered ? .zoneEntered(zone: crossing.zone, atStart: crossing.atStart) : .zoneExited(zone: crossing.zone)
            )
        case .userAction(let phone, let index):
            let action = scenario.phones[phone].actions[index]
            if phones[phone].perform(action.action, value: action.value, at: now).needsReschedule {
                reschedule(phone: phone, table: &table)
            }
        case .randomAction(let phone, let process):
            let action = scenario.phones[phone].randomActions[process].action
            if phones[phone].perform(action, value: nil, at: now).needsReschedule { reschedule(phone: phone, table: &table) }
            scheduleRandomAction(phone: phone, process: process)
        case .motion(let phone, let moving):
            phones[phone].updateScanConditions(moving: moving, at: now)
            reschedule(phone: phone, table: &table)
        }
    }

    /// Keeps exactly one pending timer event per phone, at its models' next deadline, and refreshes
    /// the phone's scan pattern in the link table. Called when an input's outcome asks for it.
    func reschedule(phone index: Int, table: inout LinkTable) {
        let phone = phones[index]
        phone.refreshScan(at: simulator.now)
        table.setPattern(phone.listeningSchedule, phone: index)
        phone.reportScanPattern(at: simulator.now)
        // Work already due (an app timer deferred while the app was suspended) is done now.
        let deadline = phone.nextDeadline.map { max($0, simulator.now) }
        if let scheduled = phoneTimers[index] {
            if scheduled.time == deadline { return }
            simulator.cancel(scheduled.handle)
            phoneTimers[index] = nil
        }
        if let deadline {
            phoneTimers[index] = (deadline, simulator.schedule(.phoneTimer(phone: index), at: deadline))
        }
    }

    private func setPower<Queue: SourceScheduling>(beacon index: Int, on: Bool, queue: inout Queue) {
        let beacon = beacons[index]
        guard beacon.powered != on else { return }
        let before = phones.indices.map { phone in
            regionBeacons[phone].map { entry in entry.beacons.contains { beacons[$0].powered } }
        }
        beacon.powered = on
        trace.append(simulator.now, phone: nil, .beaconPowerChanged(beacon: beacon.name, on: on))
        if on { scheduleFirstAdvertisement(index, after: simulator.now, queue: &queue) }
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
