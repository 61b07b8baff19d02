// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import Foundation
public import HCICapture
internal import ScenarioFormat
public import SimulationCore

/// The iBeacon packets of a capture (btsnoop, pcap, pcapng), as a phone would be offered them,
/// read as a stream: memory stays constant whatever the capture's size.
///
/// Capture time is rebased so the first advertising observation of any kind is at t = 0, plus
/// `offset` — or, for a capture `beaconsim run --capture` wrote, so that the simulation's t = 0 is
/// (its `SimulationMarker`), which makes a replay line up with the run. A silence longer than `idleGap` between two observations is cut to `idleGap`: with
/// nothing heard, a phone only runs its timers, which have long settled by then, so a capture
/// with a gap of a year replays in the time of its traffic (the cut time is reported). The span
/// that remains may not exceed `ScenarioLimits.maximumSpan`.
///
/// Observations with no iBeacon frame (Eddystone, AltBeacon, other devices) are counted and left
/// out: the iOS phone model only hears iBeacons. An observation without RSSI (127) is also left
/// out, since ranging needs one; HCI reports nearly always carry it.
public struct CaptureReplay: Sendable {
    public let path: String
    public let offset: SimDuration
    public let idleGap: SimDuration
    /// Advertising observations in the capture (reports or air PDUs).
    public private(set) var observations = 0
    /// Observations left out: no iBeacon frame.
    public private(set) var otherObservations = 0
    /// Observations left out: iBeacon without RSSI.
    public private(set) var withoutRSSI = 0
    /// iBeacon packets offered to the phone (one per iBeacon frame of a kept observation).
    public private(set) var packetCount = 0
    /// The capture time taken as t = 0 (before `offset`), Unix nanoseconds: the simulation's origin
    /// for a BeaconSim capture, else the first observation's time (nil for a capture with none).
    public private(set) var captureStart: Int64?
    /// The simulation a `run --capture` file came from (origin, duration, seed), its duration
    /// bounded by the file's last timestamp; nil for others.
    public private(set) var simulation: SimulationMarker?
    /// Time of the last observation of any kind (rebased); zero for an empty capture.
    public private(set) var lastObservation: SimTime = .zero
    /// Silences longer than `idleGap`, and the capture time cut from them in all.
    public private(set) var idleGaps = 0
    public private(set) var idleSkipped: SimDuration = .zero
    /// SHA-256 of the capture file, lower-case hex.
    public private(set) var sha256 = ""
    /// The capture's format name (btsnoop, pcap, pcapng).
    public private(set) var format = ""

    /// Packets held back to put them in time order; captures are in order or nearly so.
    static let reorderWindow = 65_536

    /// Reads the capture at `path` once for its counts, span and hash. Throws `CaptureError` (with
    /// the byte offset) for a damaged file or a span over the limit.
    /// Throws `StopFlag.Stopped` once `stop` is raised.
    public init(
        path: String, offset: SimDuration = .zero, idleGap: SimDuration = .seconds(3_600), stop: StopFlag? = nil
    ) throws {
        self.path = path
        self.offset = offset
        self.idleGap = idleGap
        let reader = try CaptureReader(path: path)
        format = reader.format.rawValue
        var clock = ReplayClock(offset: offset, idleGap: idleGap)
        while let observation = try reader.nextObservation() {
            if stop?.isRaised == true { throw StopFlag.Stopped() }
            clock.start(at: reader.simulationMarker)
            let time = try clock.time(of: observation.timestamp, at: reader.recordOffset)
            observations += 1
            lastObservation = max(lastObservation, time)
            switch Self.frames(observation) {
            case nil: otherObservations += 1
            case .some where observation.rssi == nil: withoutRSSI += 1
            case .some(let frames): packetCount += frames.count
            }
        }
        // The marker is a hint: its duration may not pass the file's last timestamp.
        simulation = reader.simulationMarker.map { $0.bounded(byLastTimestamp: reader.lastTimestamp ?? $0.origin) }
        if let simulation, simulation.duration > ScenarioLimits.maximumSpan {
            // Found by the mutation experiment: a record's timestamp years after the marker made
            // `check --capture` run for ever and `replay` blame a `--duration` nobody gave.
            let offset = reader.simulationMarkerOffset ?? 0
            throw CaptureError(
                code: .malformedRecord, offset: offset,
                message: "simulation marker at byte offset \(offset): with the file's last timestamp it gives a run of "
                    + "\(simulation.duration / 3_600_000_000_000) h, more than the longest simulated span "
                    + "(\(ScenarioLimits.maximumSpan / 3_600_000_000_000) h); the file's timestamps are damaged")
        }
        captureStart = clock.origin ?? simulation?.origin
        idleGaps = clock.gaps
        idleSkipped = .nanoseconds(clock.skipped)
        guard let sha256 = SHA256Digest.hex(ofFileAt: path) else {
            throw CaptureError(code: .io, offset: nil, message: "cannot read \(path) to hash it")
        }
        self.sha256 = sha256
    }

    /// Reads the capture again and calls `body` with each iBeacon packet in time order (see
    /// `packets(stop:)`). Throws `CaptureError` as `init` does, and `StopFlag.Stopped` once `stop`
    /// is raised.
    public func forEachPacket(stop: StopFlag? = nil, _ body: (ReplayPacket) throws -> Void) throws {
        var stream = try packets(stop: stop)
        while let packet = try stream.next() { try body(packet) }
    }

    /// The capture's iBeacon packets in time order, read again from the file as they are asked
    /// for (a packet later in the file than `reorderWindow` others but earlier in time is offered
    /// at the time of the packet before it). Throws `CaptureError` as `init` does, and
    /// `StopFlag.Stopped` once `stop` is raised.
    public func packets(stop: StopFlag? = nil) throws -> PacketStream {
        PacketStream(
            reader: try CaptureReader(path: path), clock: ReplayClock(offset: offset, idleGap: idleGap), stop: stop)
    }

    /// A capture's iBeacon packets, pulled one by one (`CaptureReplay.packets()`).
    public struct PacketStream {
        private let reader: CaptureReader
        private var clock: ReplayClock
        /// Packets read but held back to put them in time order (at most `reorderWindow`).
        private var queue = EventQueue<ReplayPacket>()
        private var held = 0
        /// Frames of the observation being read, not yet queued (queued one at a time).
        private var frames: ArraySlice<ReplayPacket> = []
        private var delivered = SimTime(nanoseconds: .min)
        private var sources: [IBeaconIdentity: Int] = [:]
        private var exhausted = false
        private let stop: StopFlag?

        fileprivate init(reader: CaptureReader, clock: ReplayClock, stop: StopFlag?) {
            self.reader = reader
            self.clock = clock
            self.stop = stop
        }

        /// The next packet in time order, nil at the end. Throws `CaptureError`, and
        /// `StopFlag.Stopped` once `stop` is raised.
        public mutating func next() throws -> ReplayPacket? {
            while held <= CaptureReplay.reorderWindow {
                if let packet = frames.popFirst() {
                    queue.schedule(packet, at: packet.time)
                    held += 1
                    continue
                }
                guard !exhausted, let observation = try reader.nextObservation() else {
                    exhausted = true
                    break
                }
                if stop?.isRaised == true { throw StopFlag.Stopped() }
                clock.start(at: reader.simulationMarker)
                let time = try clock.time(of: observation.timestamp, at: reader.recordOffset)
                guard let found = CaptureReplay.frames(observation), let rssi = observation.rssi else { continue }
                frames = ArraySlice(
                    found.map { frame in
                        let source = sources[frame.identity] ?? sources.count
                        sources[frame.identity] = source
                        return ReplayPacket(time: time, frame: frame, rssi: Int(rssi), source: source)
                    })
            }
            guard var packet = queue.popNext()?.payload else { return nil }
            held -= 1
            packet.time = max(packet.time, delivered)
            delivered = packet.time
            return packet
        }
    }

    /// The iBeacon frames of `observation`, or nil when it has none.
    fileprivate static func frames(_ observation: AdvertisingObservation) -> [IBeaconFrame]? {
        let frames = observation.beaconFrames.compactMap { frame -> IBeaconFrame? in
            if case .ibeacon(let beacon) = frame { return beacon }
            return nil
        }
        return frames.isEmpty ? nil : frames
    }
}

/// Capture time to replay time: rebased on the simulation's origin or the first observation, long silences cut, checked
/// against `ScenarioLimits.maximumSpan` with no arithmetic that can overflow.
fileprivate struct ReplayClock {
    let offset: SimDuration
    let idleGap: SimDuration
    var origin: Int64?
    var previous: Int64 = 0
    /// Time cut, exact modulo 2⁶⁴, and as a Double (which cannot wrap) for the range check.
    var skipped: Int64 = 0
    var skippedEstimate = 0.0
    var gaps = 0

    /// Takes a BeaconSim capture's simulated t = 0 as the origin (before the first observation).
    mutating func start(at marker: SimulationMarker?) {
        guard origin == nil, let marker else { return }
        (origin, previous) = (marker.origin, marker.origin)
    }

    mutating func time(of timestamp: Int64, at recordOffset: Int64?) throws -> SimTime {
        let origin = self.origin ?? timestamp
        if self.origin == nil { (self.origin, previous) = (timestamp, timestamp) }
        let (gap, overflow) = timestamp.subtractingReportingOverflow(previous)
        if overflow ? timestamp > previous : gap > idleGap.nanoseconds {
            // Modular sums: exact whenever the final time is in range, which is checked below.
            gaps += 1
            skipped = skipped &+ (timestamp &- previous) &- idleGap.nanoseconds
            skippedEstimate += Double(timestamp) - Double(previous) - Double(idleGap.nanoseconds)
        }
        previous = timestamp
        let limit = ScenarioLimits.maximumSpan
        let rebased = Double(timestamp) - Double(origin) - skippedEstimate + Double(offset.nanoseconds)
        guard abs(rebased) <= Double(limit) else {
            let at = recordOffset.map { " at byte offset \($0)" } ?? ""
            throw CaptureError(
                code: .malformedRecord, offset: recordOffset,
                message: "the replay would span more than \(limit / 3_600_000_000_000) h (the longest simulated span), "
                    + "even with silences over \(idleGap.nanoseconds / 1_000_000_000) s cut\(at)")
        }
        return SimTime(nanoseconds: (timestamp &- origin) &- skipped &+ offset.nanoseconds)
    }
}
