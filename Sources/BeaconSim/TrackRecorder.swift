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
/// With `onlyChanges`, a phone's sample is handed on only when something changed since the last
/// one handed on: its walking leg, the set of beacons heard, or (with `rssiThreshold`) the set of
/// beacons whose strongest RSSI reached the threshold. The first sample of every phone is handed on.
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

    /// One beacon's packets in the current interval, for one phone.
    private struct Tally {
        var packets: Int32 = 0
        var sum: Int32 = 0
        var max: Int32 = .min
    }

    /// One phone's state: the tallies by beacon (allocated when it first hears one), the beacons
    /// touched in the current interval, and what its last handed-on sample showed.
    private struct PhoneState {
        var tallies: [Tally] = []
        var touched: [Int] = []
        var lastLeg = -1
        var lastHeard: [Int] = []
        var lastStrong: [Int] = []
    }

    public let interval: SimDuration
    public let onlyChanges: Bool
    /// dBm; with `onlyChanges`, a beacon's strongest RSSI reaching it or falling below it is a change.
    public let rssiThreshold: Int?
    private let trajectories: [Trajectory]
    private let beaconCount: Int
    private let emit: (Sample) -> Void
    /// The sample being filled; earlier ones have been emitted.
    private var current: Int64 = 0
    private var phones: [PhoneState]
    /// Reused for every sample's heard list and the strong set of a change test.
    private var heard: [Heard] = []
    private var strong: [Int] = []

    /// Starts recording every phone of `world` (call before `run()`).
    public init(
        world: World, interval: SimDuration, onlyChanges: Bool = false, rssiThreshold: Int? = nil,
        emit: @escaping (Sample) -> Void
    ) {
        self.interval = interval
        self.onlyChanges = onlyChanges
        self.rssiThreshold = rssiThreshold
        self.emit = emit
        trajectories = world.phones.map(\.trajectory)
        beaconCount = world.beacons.count
        phones = Array(repeating: PhoneState(), count: world.phones.count)
        for (index, phone) in world.phones.enumerated() {
            phone.addRadioObserver(_TrackObserver(recorder: self, phone: index))
        }
    }

    func received(phone: Int, source: Int, rssi: Int, at time: SimTime) {
        // Sample k covers (k − 1)·interval < t ≤ k·interval.
        let step = interval.nanoseconds
        let sample = (time.nanoseconds + step - 1) / step
        if sample > current { emit(until: sample) }
        if phones[phone].tallies.isEmpty {
            phones[phone].tallies = Array(repeating: Tally(), count: Swift.max(beaconCount, source + 1))
        } else if source >= phones[phone].tallies.count {
            phones[phone].tallies += Array(repeating: Tally(), count: source + 1 - phones[phone].tallies.count)
        }
        if phones[phone].tallies[source].packets == 0 { phones[phone].touched.append(source) }
        phones[phone].tallies[source].packets += 1
        phones[phone].tallies[source].sum += Int32(truncatingIfNeeded: rssi)
        phones[phone].tallies[source].max = Swift.max(phones[phone].tallies[source].max, Int32(truncatingIfNeeded: rssi))
    }

    /// Emits every sample up to `end` (call once, after the run).
    public func finish(at end: SimTime) { emit(until: end.nanoseconds / interval.nanoseconds + 1) }

    /// Emits samples `current` ..< `sample`, for every phone.
    private func emit(until sample: Int64) {
        while current < sample {
            let time = current * interval.nanoseconds
            for phone in trajectories.indices {
                phones[phone].touched.sort()
                heard.removeAll(keepingCapacity: true)
                for beacon in phones[phone].touched {
                    let tally = phones[phone].tallies[beacon]
                    heard.append(
                        Heard(
                            beacon: beacon, packets: Int(tally.packets),
                            meanRSSI: Double(tally.sum) / Double(tally.packets), maxRSSI: Int(tally.max)))
                    phones[phone].tallies[beacon] = Tally()
                }
                if !onlyChanges || changed(phone: phone, at: time) {
                    let state = trajectories[phone].state(at: time)
                    emit(
                        Sample(
                            phone: phone, time: SimTime(nanoseconds: time), position: state.position, floor: state.floor,
                            heard: heard))
                }
                phones[phone].touched.removeAll(keepingCapacity: true)
            }
            current += 1
        }
    }

    /// Whether phone `phone`'s sample at `time` (its `touched` list sorted, its tallies in `heard`)
    /// differs from its last one handed on; if so, remembers it as the last.
    private func changed(phone: Int, at time: Int64) -> Bool {
        let leg = trajectories[phone].leg(at: time)
        strong.removeAll(keepingCapacity: true)
        if let rssiThreshold {
            for entry in heard where entry.maxRSSI >= rssiThreshold { strong.append(entry.beacon) }
        }
        let state = phones[phone]
        guard leg != state.lastLeg || state.touched != state.lastHeard || strong != state.lastStrong else { return false }
        phones[phone].lastLeg = leg
        phones[phone].lastHeard = state.touched
        phones[phone].lastStrong = strong
        return true
    }
}

/// One phone's radio, reported to its recorder.
private final class _TrackObserver: PhoneRadioObserver {
    unowned let recorder: TrackRecorder
    let phone: Int

    init(recorder: TrackRecorder, phone: Int) {
        self.recorder = recorder
        self.phone = phone
    }

    func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {}

    func received(_ frame: AdvertisedFrame, from address: BluetoothAddress, source: Int, rssi: Int, at time: SimTime) {
        recorder.received(phone: phone, source: source, rssi: rssi, at: time)
    }
}

extension World {
    /// The beacons' names in world (scenario) order: what `TrackRecorder.Heard.beacon` indexes.
    public var beaconNames: [String] { beacons.map(\.name) }

    /// The phones' names in world order: what `TrackRecorder.Sample.phone` indexes.
    public var phoneNames: [String] { phones.map(\.name) }
}
