// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
public import RadioPropagation
public import SimulationCore

/// Where each phone was and what its radio heard, sampled every `interval` (`track.jsonl`, the
/// run report's floor plan): at each sample time the phone's position and floor on its walk, and
/// per beacon heard since the previous sample the packets received and their mean and strongest
/// RSSI. Samples are handed to `emit` as soon as they are complete, in time order and, within a
/// time, in phone order — memory stays constant whatever the run's length.
///
/// Each phone's samples close on its own packets: sample k (the interval ending at k·interval)
/// closes when a packet of the phone falls past its end, and a packet that arrives after that
/// with an earlier time (an event that began before the end but was delivered after a later
/// packet) counts in the sample being filled. A phone's lines therefore depend on its own radio
/// alone — the same in a world of only some of the phones (`run`'s phone shards). A phone that
/// hears nothing has its samples closed once the run is past them: events are delivered in the
/// order they start, so a packet later than an event's span past a sample's end shows that no
/// packet of that sample is still to come.
///
/// With `onlyChanges`, a phone's sample is handed on only when something changed since the last
/// one handed on: its walking leg, or the set of beacons heard — with `rssiThreshold`, the set of
/// beacons whose strongest RSSI reached it, so a beacon crossing the threshold either way is a
/// change and weak beacons flickering at the edge of reach are not. A phone's first sample is
/// always handed on. With `listsOnlyThreshold` (and a threshold), a sample lists only those
/// beacons, the ones that decide a change (a crowd's track: a few beacons per line, not every one
/// in reach), and counts only their packets at or above the threshold: a weaker packet is not
/// tallied at all (most of a crowd's packets, each a scattered write into the tallies).
///
/// It observes the phones' radios before `World.run()` and only counts, so the run is unchanged.
public final class TrackRecorder {
    /// What a phone heard of one beacon in a sample's interval.
    public struct Heard: Sendable, Equatable {
        /// The world's beacon index (scenario order; `World.beaconNames`).
        public var beacon: Int
        public var packets: Int
        /// dBm.
        public var meanRSSI: Double
        public var maxRSSI: Int
    }

    /// Phone `phone` (world order) at `time`, and what it heard in the interval ending then.
    public struct Sample: Sendable {
        public var phone: Int
        public var time: SimTime
        public var position: PlanPoint
        public var floor: Int
        /// Beacons heard in (time − interval, time], in beacon order.
        public var heard: [Heard]
    }

    /// What a phone's last handed-on sample showed (`onlyChanges`): its leg and the beacons it
    /// heard (at or above `rssiThreshold`, when there is one).
    private struct LastSample {
        var leg = -1
        var heard: [Int] = []
    }

    public let interval: SimDuration
    public let onlyChanges: Bool
    /// dBm; with `onlyChanges`, only beacons whose strongest RSSI reaches it count, so a crossing
    /// either way is a change.
    public let rssiThreshold: Int?
    /// Whether a sample's `heard` holds only the beacons at or above `rssiThreshold`.
    public let listsOnlyThreshold: Bool
    /// dBm; packets below it are not tallied (`rssiThreshold` with `listsOnlyThreshold`, else none):
    /// each phone's observer asks only for events that reach it (`PhoneRadioObserver.packetFloor`).
    let tallyFloor: Int
    private let trajectories: [Trajectory]
    private let emit: (Sample) -> Void
    /// Per phone, its closed samples not yet handed on (with `onlyChanges`, only those that changed).
    private var closed: [[Sample]]
    /// The next sample to hand on; every earlier one has been, for every phone. (Each phone's
    /// sample being filled and the instant past which a packet lets this one be handed on are in
    /// `tallies`, read for every event: sample k covers ((k − 1)·interval, k·interval].)
    private var handedOn: Int64 = 0
    /// The longest an advertising event's packets span after its start, ns (its three channels).
    static let eventSpan = 2 * AdvertisingTiming.channelSpacingNanoseconds
    /// Every phone's packets of the current sample (`TrackRecorder+Tallies`, in the kernel's room).
    private let tallies: Tallies
    private var last: [LastSample]
    /// Reused for every sample's heard list and the beacon list of a change test.
    private var heard: [Heard] = []
    private var beacons: [Int] = []

    /// Starts recording every phone of `world` (call before `run()`).
    public init(
        world: World, interval: SimDuration, onlyChanges: Bool = false, rssiThreshold: Int? = nil,
        listsOnlyThreshold: Bool = false, emit: @escaping (Sample) -> Void
    ) {
        self.interval = interval
        self.onlyChanges = onlyChanges
        self.rssiThreshold = rssiThreshold
        self.listsOnlyThreshold = listsOnlyThreshold && rssiThreshold != nil
        tallyFloor = listsOnlyThreshold ? rssiThreshold ?? .min : .min
        self.emit = emit
        trajectories = world.phones.map(\.trajectory)
        tallies = Tallies(phones: world.phones.count, beacons: world.beacons.count, handOnAfter: Self.eventSpan)
        last = Array(repeating: LastSample(), count: onlyChanges ? world.phones.count : 0)
        closed = Array(repeating: [], count: world.phones.count)
        for (index, phone) in world.phones.enumerated() {
            phone.addRadioObserver(_TrackObserver(recorder: self, phone: index))
        }
    }

    func received(phone: Int, source: Int, rssi: Int, at time: SimTime) {
        guard rssi >= tallyFloor else { return }
        // Sample k covers (k − 1)·interval < t ≤ k·interval.
        let step = interval.nanoseconds
        let sample = (time.nanoseconds + step - 1) / step
        if sample > tallies.sample(of: phone) { close(phone: phone, before: sample) }
        tallies.add(phone: phone, source: source, packets: EventPackets(rssi: rssi, time: time))
        if time.nanoseconds > tallies.handOnAfter { handOn(at: time.nanoseconds) }
    }

    /// One advertising event's packets (in time order): tallied at once unless they end past the
    /// phone's current sample, then one by one.
    func received(phone: Int, source: Int, packets: EventPackets) {
        guard let last = packets.last else { return }
        // All in the phone's current sample, which ends at filling · interval (the common case),
        // and none below the floor: tallied at once.
        if last.time.nanoseconds <= tallies.sample(of: phone) * interval.nanoseconds,
            tallyFloor == .min || packets.allSatisfy({ $0.rssi >= tallyFloor })
        {
            tallies.add(phone: phone, source: source, packets: packets)
            if last.time.nanoseconds > tallies.handOnAfter { handOn(at: last.time.nanoseconds) }
            return
        }
        // One by one: the event ends past the current sample, or some packets fall below the
        // floor (only those reaching it count).
        guard packets.strongestRSSI >= tallyFloor else { return }
        for (rssi, time) in packets { received(phone: phone, source: source, rssi: rssi, at: time) }
    }

    /// Hands on every sample up to `end` (call once, after the run).
    public func finish(at end: SimTime) { handOn(before: end.nanoseconds / interval.nanoseconds + 1) }

    /// A packet at `time` (ns) was delivered: no packet of an event that started more than
    /// `eventSpan` earlier is still to come, so the samples ending before that can be handed on.
    private func handOn(at time: Int64) {
        handOn(before: (time - Self.eventSpan - 1) / interval.nanoseconds + 1)
        tallies.handOnAfter = handedOn * interval.nanoseconds + Self.eventSpan
    }

    /// Hands on samples `handedOn` ..< `sample`, for every phone in order, closing those the
    /// phone's own packets have not closed.
    private func handOn(before sample: Int64) {
        while handedOn < sample {
            let time = SimTime(nanoseconds: handedOn * interval.nanoseconds)
            for phone in trajectories.indices {
                if tallies.sample(of: phone) <= handedOn { close(phone: phone, before: handedOn + 1) }
                if let first = closed[phone].first, first.time == time { emit(closed[phone].removeFirst()) }
            }
            handedOn += 1
        }
    }

    /// Closes phone `phone`'s samples from the one being filled up to (not including) `sample`.
    private func close(phone: Int, before sample: Int64) {
        var filling = tallies.sample(of: phone)
        defer { tallies.setSample(of: phone, to: filling) }
        while filling < sample {
            let time = filling * interval.nanoseconds
            tallies.take(phone: phone, into: &heard)
            if !onlyChanges || changed(phone: phone, at: time) {
                let state = trajectories[phone].state(at: time)
                closed[phone].append(
                    Sample(
                        phone: phone, time: SimTime(nanoseconds: time), position: state.position, floor: state.floor, heard: heard
                    ))
            }
            filling += 1
        }
    }

    /// Whether phone `phone`'s sample at `time` (its tallies in `heard`) differs from its last one
    /// handed on; if so, remembers it as the last.
    private func changed(phone: Int, at time: Int64) -> Bool {
        let leg = trajectories[phone].leg(at: time)
        beacons.removeAll(keepingCapacity: true)
        for entry in heard where entry.maxRSSI >= rssiThreshold ?? .min { beacons.append(entry.beacon) }
        guard leg != last[phone].leg || beacons != last[phone].heard else { return false }
        last[phone] = LastSample(leg: leg, heard: beacons)
        return true
    }
}

/// One phone's radio, reported to its recorder.
private final class _TrackObserver: PhoneRadioObserver {
    // Strong: the recorder holds no phone, so there is no cycle (and no unowned check per packet).
    let recorder: TrackRecorder
    let phone: Int

    init(recorder: TrackRecorder, phone: Int) {
        self.recorder = recorder
        self.phone = phone
    }

    var packetFloor: Int { recorder.tallyFloor }

    func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {}

    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime) {
        recorder.received(phone: phone, source: source, rssi: rssi, at: time)
    }

    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, packets: EventPackets) {
        recorder.received(phone: phone, source: source, packets: packets)
    }
}

extension World {
    /// The beacons' names in world (scenario) order: what `TrackRecorder.Heard.beacon` indexes.
    public var beaconNames: [String] { beacons.map(\.name) }

    /// The phones' names in world order: what `TrackRecorder.Sample.phone` indexes.
    public var phoneNames: [String] { phones.map(\.name) }
}
