// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// A radio of recorded packets (`RadioMedium`): each `ReplayPacket`, in time order, is offered
/// to the world's first phone at its time (`World.offer`), for `replay` and `check --capture`.
/// The world is one built for an external radio (`World(externalRadioFor:…)`: one phone, no
/// beacons). Packets after the run's end are never read past the first.
public struct CaptureMedium: RadioMedium {
    /// The next packet of the stream (nil: the stream has ended).
    private let next: () throws -> ReplayPacket?
    private var pending: ReplayPacket?
    private var started = false
    /// The error that ended the stream early (a damaged capture); the run ends as if the
    /// capture ended there, and the session reports it.
    public private(set) var failure: (any Error)?
    public private(set) var packetsSent = 0
    public private(set) var packetsReceived = 0

    /// A medium over the packets `next` hands one by one, in time order, until it returns nil.
    public init(_ next: @escaping () throws -> ReplayPacket?) {
        self.next = next
    }

    /// A medium over `packets` (in time order).
    public init(packets: some Sequence<ReplayPacket>) {
        var iterator = Array(packets).makeIterator()
        self.init { iterator.next() }
    }

    /// A medium over the iBeacon packets of `capture`, read as a stream (`CaptureReplay.packets`);
    /// once `stop` is raised the stream ends with `StopFlag.Stopped` as its `failure`.
    public init(capture: CaptureReplay, stop: StopFlag? = nil) {
        var stream: CaptureReplay.PacketStream?
        self.init {
            if stream == nil { stream = try capture.packets(stop: stop) }
            return try stream?.next()
        }
    }

    public mutating func start(in world: World) { started = true }

    public mutating func nextArrival(notAfter limit: SimTime) -> MediumArrival {
        if pending == nil, failure == nil {
            do { pending = try next() } catch { failure = error }
        }
        guard let packet = pending, packet.time <= limit else { return .none }
        return .at(packet.time)
    }

    public mutating func deliver(at time: SimTime, in world: World) -> Bool {
        guard let packet = pending.take() else { return false }
        packetsSent += 1
        guard world.offer(packet, through: &self) else { return false }
        packetsReceived += 1
        return true
    }
}

extension World {
    /// Runs this world (one built for an external radio) with `capture`'s packets as its radio
    /// (`CaptureMedium`), `recorder` as in `run(recordingTo:mode:)`. A raised `stop` ends the run
    /// early (`stoppedEarly`). Throws `CaptureError` for a damaged capture.
    public func run(capture: CaptureReplay, recordingTo recorder: (any TraceRecorder)? = nil) throws -> RunResult {
        var medium = CaptureMedium(capture: capture, stop: stop)
        let result = run(through: &medium, recordingTo: recorder)
        switch medium.failure {
        case nil: break
        case is StopFlag.Stopped: stoppedEarly = true
        case let error?: throw error
        }
        return result
    }
}
