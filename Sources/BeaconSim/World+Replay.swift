// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
public import SimulationCore

/// Driving a world from outside: packets from a capture or a live controller replace the
/// synthetic radio. They reach the phone through `PhoneDevice.receive`, only when it listens at
/// that instant, so scan windows, lifecycle, region monitor and ranging behave as in a simulation.
extension World {
    /// A world for one phone of `scenario` (`phone` names it; nil: the first) with no beacons,
    /// lasting `duration` nanoseconds; `replication` seeds its streams as in `World(scenario:seed:replication:)`.
    /// Throws `ScenarioError` for an unknown phone or a scenario the models reject.
    public convenience init(
        externalRadioFor scenario: Scenario, phone: String?, duration: Int64, seed: UInt64, replication: Int = 0
    ) throws {
        try self.init(
            scenario: Self.externalRadioScenario(for: scenario, phone: phone, duration: duration), seed: seed,
            replication: replication)
    }

    /// `scenario` reduced to what an externally driven world runs: one phone (`phone`, nil: the
    /// first), no beacons, `duration` nanoseconds. Throws `ScenarioError` for an unknown phone.
    public static func externalRadioScenario(for scenario: Scenario, phone: String?, duration: Int64) throws -> Scenario {
        var reduced = scenario
        if let phone {
            guard let spec = scenario.phones.first(where: { $0.name == phone }) else {
                throw ScenarioError([
                    Diagnostic(
                        at: SourceLocation(file: scenario.sourcePath, line: 1, column: 1),
                        "no phone named '\(phone)'; phones: " + scenario.phones.map(\.name).joined(separator: ", "))
                ])
            }
            reduced.phones = [spec]
        } else {
            reduced.phones = Array(scenario.phones.prefix(1))
        }
        reduced.beacons = []
        reduced.duration = duration
        return reduced
    }

    /// The scenario the world runs (for externally driven worlds: one phone, no beacons).
    public var runScenario: Scenario { scenario }

    /// Replays `packets` (in time order) and runs to the end: the whole run in one call.
    public func replay(_ packets: some Sequence<ReplayPacket>) -> RunResult {
        replay { offer in packets.forEach(offer) }
    }

    /// Replays the packets `feed` hands, in time order, to the function it is given (a stream
    /// read from a capture), then runs to the end. Packets after the end are ignored. With a
    /// `recorder`, every trace record goes to it as it is produced and the result's trace is empty,
    /// so memory does not grow with the replayed span (as `run(recordingTo:)`).
    public func replay(
        recordingTo recorder: (any TraceRecorder)? = nil, _ feed: ((ReplayPacket) -> Void) throws -> Void
    ) rethrows -> RunResult {
        trace.recorder = recorder
        begin()
        let end = SimTime(nanoseconds: scenario.duration)
        try feed { packet in
            if stop?.isRaised == true { stoppedEarly = true }
            guard packet.time <= end, !stoppedEarly else { return }
            advance(until: packet.time)
            inject(packet)
        }
        return finish()
    }

    /// Schedules the run's initial events; call once, before `advance` and `inject`.
    package func begin() { scheduleInitialEvents(table: &linkTable, queue: &advertising) }

    /// Handles every event due at or before `time`. (Externally driven worlds have no beacons, so
    /// only the general queue matters, not the advertising queue of `run()`.)
    /// Stops early (`stoppedEarly`) once `stop` is raised, checked every 4,096 events.
    package func advance(until time: SimTime) {
        var handled = 0
        if stop?.isRaised == true { stoppedEarly = true }
        while !stoppedEarly, let event = simulator.next(until: time) {
            handle(event, table: &linkTable, queue: &advertising)
            handled &+= 1
            if handled & 4_095 == 0, stop?.isRaised == true { stoppedEarly = true }
        }
    }

    /// Offers `packet` to the first phone at `packet.time` (not before the last handled event).
    /// Returns whether the phone was listening and received it.
    @discardableResult
    package func inject(_ packet: ReplayPacket) -> Bool {
        linkTable.packetsSent += 1
        guard let phone = phones.first, phone.isListening(at: packet.time) else { return false }
        linkTable.packetsReceived += 1
        if phone.receive(packet.frame, source: packet.source, rssi: packet.rssi, at: packet.time).needsReschedule {
            reschedule(phone: 0, table: &linkTable)
        }
        return true
    }

    /// The trace so far, from record `start` on (for writing a timeline as it grows).
    package func traceRecords(from start: Int) -> ArraySlice<TraceRecord> {
        let records = trace.records
        return records[min(start, records.count)...]
    }

    /// Runs the remaining events up to `end` (default: the scenario's duration) and returns the result.
    package func finish(at end: SimTime? = nil) -> RunResult {
        advance(until: end ?? SimTime(nanoseconds: scenario.duration))
        return RunResult(
            replication: replication, seed: seed, trace: trace.records, packetsSent: linkTable.packetsSent,
            packetsReceived: linkTable.packetsReceived, eventsHandled: simulator.handledCount)
    }
}
