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
    /// The world's own events (not the medium's arrivals), in (time, sequence) order.
    var events = EventQueue<WorldEvent>()
    /// The current simulated instant: the time of the event or arrival being handled.
    private(set) var now = SimTime.zero
    /// Events and arrivals handled so far.
    private(set) var eventsHandled = 0
    /// The synthetic radio's per-link state, until `run` moves it into its `SyntheticMedium`.
    var linkTable: LinkTable?
    let beacons: [BeaconDevice]
    let phones: [PhoneDevice]
    /// Per phone: its one pending timer event, at its `nextDeadline` (see `reschedule`).
    var phoneTimers: [(time: SimTime, handle: EventHandle)?]
    let trace: TraceLog
    /// Per phone: zone crossings in time order.
    let crossings: [[ZoneCrossing]]
    /// Per phone, per region identifier: indices of the beacons that match it.
    let regionBeacons: [[(region: String, beacons: [Int])]]
    /// Per phone: random user-action processes and their streams.
    let randomActionStreams: [[RandomStream]]
    /// When set and raised, `run()` returns early (checked every 4,096 events and arrivals) and
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
        self.linkTable = .some(linkTable)
        self.beacons = beacons
        self.phones = phones
        phoneTimers = Array(repeating: nil, count: phones.count)
        self.trace = trace
        self.crossings = crossings
        self.regionBeacons = regionBeacons
        self.randomActionStreams = randomActionStreams
    }

    /// Runs the scenario's full duration through the synthetic radio and returns the trace and
    /// counters. With a `recorder`, every trace record goes to it as it is produced and the
    /// result's `trace` is empty (memory stays flat however long the run). `mode` chooses the fast
    /// loop (default) or the reference loop; both give byte-identical results (`LoopMode`).
    public func run(recordingTo recorder: (any TraceRecorder)? = nil, mode: LoopMode = .fast) -> RunResult {
        switch mode {
        case .fast: run(queue: SourceCalendar(), skipping: true, recordingTo: recorder)
        case .reference: run(queue: SourceQueue(), skipping: false, recordingTo: recorder)
        }
    }

    /// Runs through the synthetic radio with `queue` as the beacons' advertising calendar,
    /// skipping inaudible links or not (`run(recordingTo:mode:)` picks the two loops' pairs; tests
    /// run the other two).
    func run(queue: some SourceScheduling, skipping: Bool, recordingTo recorder: (any TraceRecorder)? = nil) -> RunResult {
        guard let table = linkTable.take() else { preconditionFailure("a world runs once") }
        let seed = RandomStream(seed: seed, replication: replication, label: "world/beaconStart")
        var medium = SyntheticMedium(table: table, queue: queue, skipping: skipping, beaconStart: seed)
        return run(through: &medium, recordingTo: recorder)
    }

    /// Runs the scenario's full duration with `medium` as the radio (`RunLoop`), or until the
    /// medium closes, and returns the trace and counters (`recorder` as in `run(recordingTo:mode:)`).
    public func run<Medium: RadioMedium & ~Copyable>(
        through medium: inout Medium, recordingTo recorder: (any TraceRecorder)? = nil
    ) -> RunResult {
        trace.recorder = recorder
        var loop = RunLoop(end: SimTime(nanoseconds: scenario.duration))
        stoppedEarly = !loop.run(self, medium: &medium)
        trace.finish()
        var result = RunResult(
            replication: replication, seed: seed, trace: trace.records, packetsSent: medium.packetsSent,
            packetsReceived: medium.packetsReceived, eventsHandled: eventsHandled)
        result.linkEvaluations = medium.linkEvaluations
        return result
    }

    /// Moves the clock to an arrival of the medium at `time` (`RunLoop`).
    func arrive(at time: SimTime) {
        if time > now { now = time }
        eventsHandled &+= 1
    }

    /// Removes the world's next event due at or before `end`, moving the clock to it.
    func nextEvent(until end: SimTime) -> WorldEvent? {
        guard let time = events.nextTime(), time <= end, let (at, event) = events.popNext() else { return nil }
        now = at
        eventsHandled &+= 1
        return event
    }

    /// Schedules `event` at `time`, which must not be before `now` (a programming error, not
    /// something to clamp quietly).
    @discardableResult
    func schedule(_ event: WorldEvent, at time: SimTime) -> EventHandle {
        precondition(time >= now, "event scheduled at \(time), before the current instant \(now)")
        return events.schedule(event, at: time)
    }

    @discardableResult
    func schedule(_ event: WorldEvent, after delay: SimDuration) -> EventHandle { schedule(event, at: now + delay) }

    /// The world's events known at t = 0 (the medium schedules its own: `RadioMedium.start`).
    func scheduleInitialEvents() {
        for index in phones.indices { schedule(.phoneStart(phone: index), at: .zero) }
        for (index, beacon) in beacons.enumerated() {
            for change in scenario.beacons[index].schedule {
                schedule(.power(beacon: index, on: change.on), at: SimTime(nanoseconds: change.at))
            }
            if let rotation = scenario.beacons[index].addressRotation {  // a random phase, from its own stream
                let phase = RandomStream(seed: seed, replication: replication, label: "beacon/\(beacon.name)/addressRotation")
                schedule(
                    .rotateAddress(beacon: index), at: SimTime(nanoseconds: Int64(phase.uniform() * Double(rotation))))
            }
        }
        for (phone, list) in crossings.enumerated() {
            for (index, crossing) in list.enumerated() {
                schedule(.zoneCrossing(phone: phone, crossing: index), at: SimTime(nanoseconds: crossing.time))
            }
        }
        for (phone, spec) in scenario.phones.enumerated() {
            for (index, action) in spec.actions.enumerated() {
                schedule(.userAction(phone: phone, action: index), at: SimTime(nanoseconds: action.at))
            }
            for index in spec.randomActions.indices { scheduleRandomAction(phone: phone, process: index) }
        }
        scheduleMotion()
    }

    private func scheduleRandomAction(phone: Int, process: Int) {
        let spec = scenario.phones[phone].randomActions[process]
        let gap = randomActionStreams[phone][process].exponential(mean: Double(spec.meanInterval))
        schedule(.randomAction(phone: phone, process: process), after: .nanoseconds(Int64(gap.rounded())))
    }

    /// Handles one of the world's events; `medium` is the run's radio.
    func handle<Medium: RadioMedium & ~Copyable>(_ event: WorldEvent, medium: inout Medium) {
        switch event {
        case .phoneStart(let index): start(phone: index, medium: &medium)
        case .power(let index, let on): setPower(beacon: index, on: on, medium: &medium)
        case .rotateAddress(let index):
            beacons[index].addressGeneration += 1
            trace.append(now, phone: nil, .addressRotated(beacon: beacons[index].name))
            if let rotation = scenario.beacons[index].addressRotation {
                schedule(.rotateAddress(beacon: index), after: .nanoseconds(rotation))
            }
        case .phoneTimer(let index):
            phoneTimers[index] = nil
            if phones[index].advance(to: now).needsReschedule { reschedule(phone: index, medium: &medium) }
        case .zoneCrossing(let phone, let index):
            let crossing = crossings[phone][index]
            trace.append(
                now, phone: phones[phone].name,
                crossing.entered ? .zoneEntered(zone: crossing.zone, atStart: crossing.atStart) : .zoneExited(zone: crossing.zone)
            )
        case .userAction(let phone, let index):
            let action = scenario.phones[phone].actions[index]
            if phones[phone].perform(action.action, value: action.value, at: now).needsReschedule {
                reschedule(phone: phone, medium: &medium)
            }
        case .randomAction(let phone, let process):
            let action = scenario.phones[phone].randomActions[process].action
            if phones[phone].perform(action, value: nil, at: now).needsReschedule { reschedule(phone: phone, medium: &medium) }
            scheduleRandomAction(phone: phone, process: process)
        case .motion(let phone, let moving):
            phones[phone].updateScanConditions(moving: moving, at: now)
            reschedule(phone: phone, medium: &medium)
        }
    }

    /// Keeps exactly one pending timer event per phone, at its models' next deadline, and refreshes
    /// the phone's scan pattern in the medium. Called when an input's outcome asks for it.
    func reschedule<Medium: RadioMedium & ~Copyable>(phone index: Int, medium: inout Medium) {
        let phone = phones[index]
        phone.refreshScan(at: now)
        medium.listeningChanged(phone: index, in: self)
        phone.reportScanPattern(at: now)
        // Work already due (an app timer deferred while the app was suspended) is done now.
        let deadline = phone.nextDeadline.map { max($0, now) }
        if let scheduled = phoneTimers[index] {
            if scheduled.time == deadline { return }
            events.cancel(scheduled.handle)
            phoneTimers[index] = nil
        }
        if let deadline {
            phoneTimers[index] = (deadline, schedule(.phoneTimer(phone: index), at: deadline))
        }
    }

    private func setPower<Medium: RadioMedium & ~Copyable>(beacon index: Int, on: Bool, medium: inout Medium) {
        let beacon = beacons[index]
        guard beacon.powered != on else { return }
        let before = phones.indices.map { phone in
            regionBeacons[phone].map { entry in entry.beacons.contains { beacons[$0].powered } }
        }
        beacon.powered = on
        trace.append(now, phone: nil, .beaconPowerChanged(beacon: beacon.name, on: on))
        medium.beaconPowerChanged(index, on: on, in: self)
        for phone in phones.indices {
            for (position, entry) in regionBeacons[phone].enumerated() where entry.beacons.contains(index) {
                let after = entry.beacons.contains { beacons[$0].powered }
                if before[phone][position], !after {
                    trace.append(now, phone: phones[phone].name, .regionBeaconsOff(region: entry.region))
                } else if !before[phone][position], after {
                    trace.append(now, phone: phones[phone].name, .regionBeaconsOn(region: entry.region))
                }
            }
        }
    }
}
