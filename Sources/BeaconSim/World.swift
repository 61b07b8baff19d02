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
    let propagation: PropagationModel
    let packetErrors: PacketErrorCurve
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
    var packetsSent = 0
    var packetsReceived = 0
    var deadlineVersions: [Int]
    /// Per phone: receive offset and collision state (filled in by `init(scenario:seed:replication:)`).
    var phoneRadio: [PhoneRadio] = []

    init(
        scenario: Scenario, seed: UInt64, replication: Int, propagation: PropagationModel, beacons: [BeaconDevice],
        phones: [PhoneDevice], trace: TraceLog, crossings: [[ZoneCrossing]], regionBeacons: [[(region: String, beacons: [Int])]],
        randomActionStreams: [[RandomStream]]
    ) {
        self.scenario = scenario
        self.seed = seed
        self.replication = replication
        self.propagation = propagation
        packetErrors = PacketErrorCurve(sensitivity: propagation.configuration.sensitivity)
        self.beacons = beacons
        self.phones = phones
        self.trace = trace
        self.crossings = crossings
        self.regionBeacons = regionBeacons
        self.randomActionStreams = randomActionStreams
        beaconStart = RandomStream(seed: seed, replication: replication, label: "world/beaconStart")
        deadlineVersions = phones.map { $0.monitor.deadlineVersion }
    }

    /// Runs the scenario's full duration and returns the trace and counters.
    public func run() -> RunResult {
        scheduleInitialEvents()
        let end = SimTime(nanoseconds: scenario.duration)
        while let event = simulator.next(until: end) { handle(event) }
        return RunResult(
            replication: replication, seed: seed, trace: trace.records, packetsSent: packetsSent,
            packetsReceived: packetsReceived, eventsHandled: simulator.handledCount)
    }

    private func scheduleInitialEvents() {
        for index in phones.indices { simulator.schedule(.phoneStart(phone: index), at: .zero) }
        for (index, beacon) in beacons.enumerated() {
            if beacon.powered { scheduleFirstAdvertisement(index, after: .zero) }
            for change in scenario.beacons[index].schedule {
                simulator.schedule(.power(beacon: index, on: change.on), at: SimTime(nanoseconds: change.at))
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
            simulator.schedule(.rangingTick(phone: phone), at: .zero + phones[phone].profile.rangingInterval)
        }
    }

    /// A beacon's first advertising event falls uniformly within one interval of `start`.
    private func scheduleFirstAdvertisement(_ index: Int, after start: SimTime) {
        let offset = Int64(beaconStart.uniform() * Double(beacons[index].interval))
        simulator.schedule(.advertise(beacon: index), at: start + .nanoseconds(offset))
    }

    private func scheduleRandomAction(phone: Int, process: Int) {
        let spec = scenario.phones[phone].randomActions[process]
        let gap = randomActionStreams[phone][process].exponential(mean: Double(spec.meanInterval))
        simulator.schedule(.randomAction(phone: phone, process: process), after: .nanoseconds(Int64(gap.rounded())))
    }

    private func handle(_ event: WorldEvent) {
        let now = simulator.now
        switch event {
        case .phoneStart(let index): start(phone: index)
        case .advertise(let index): advertise(beacon: index)
        case .power(let index, let on): setPower(beacon: index, on: on)
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
            trace.append(now, phone: phones[phone].name,
                         crossing.entered ? .zoneEntered(zone: crossing.zone, atStart: crossing.atStart) : .zoneExited(zone: crossing.zone))
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

    /// Keeps exactly one pending timer event per phone, at its models' next deadline.
    func reschedule(phone index: Int) {
        let phone = phones[index]
        deadlineVersions[index] = phone.monitor.deadlineVersion
        let deadline = phone.nextDeadline
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
        let before = phones.indices.map { phone in regionBeacons[phone].map { entry in entry.beacons.contains { beacons[$0].powered } } }
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
