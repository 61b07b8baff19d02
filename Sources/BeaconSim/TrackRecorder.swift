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

    public let interval: SimDuration
    private let trajectories: [Trajectory]
    private let emit: (Sample) -> Void
    /// The sample being filled; earlier ones have been emitted.
    private var current: Int64 = 0
    /// Per phone: beacon → (packets, RSSI sum, strongest) in the current sample.
    private var pending: [[Int: (packets: Int, sum: Int, max: Int)]]

    /// Starts recording every phone of `world` (call before `run()`).
    public init(world: World, interval: SimDuration, emit: @escaping (Sample) -> Void) {
        self.interval = interval
        self.emit = emit
        trajectories = world.phones.map(\.trajectory)
        pending = Array(repeating: [:], count: world.phones.count)
        for (index, phone) in world.phones.enumerated() {
            phone.addRadioObserver(_TrackObserver(recorder: self, phone: index))
        }
    }

    func received(phone: Int, source: Int, rssi: Int, at time: SimTime) {
        // Sample k covers (k − 1)·interval < t ≤ k·interval.
        let step = interval.nanoseconds
        let sample = (time.nanoseconds + step - 1) / step
        if sample > current { emit(until: sample) }
        var entry = pending[phone][source] ?? (0, 0, Int.min)
        entry.packets += 1
        entry.sum += rssi
        entry.max = max(entry.max, rssi)
        pending[phone][source] = entry
    }

    /// Emits every sample up to `end` (call once, after the run).
    public func finish(at end: SimTime) { emit(until: end.nanoseconds / interval.nanoseconds + 1) }

    /// Emits samples `current` ..< `sample`, for every phone.
    private func emit(until sample: Int64) {
        while current < sample {
            let time = current * interval.nanoseconds
            for phone in trajectories.indices {
                let state = trajectories[phone].state(at: time)
                let heard = pending[phone].sorted { $0.key < $1.key }.map { beacon, entry in
                    Heard(
                        beacon: beacon, packets: entry.packets, meanRSSI: Double(entry.sum) / Double(entry.packets),
                        maxRSSI: entry.max)
                }
                pending[phone].removeAll(keepingCapacity: true)
                emit(
                    Sample(
                        phone: phone, time: SimTime(nanoseconds: time), position: state.position, floor: state.floor,
                        heard: heard))
            }
            current += 1
        }
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
