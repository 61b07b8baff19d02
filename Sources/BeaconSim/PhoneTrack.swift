// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
public import RadioPropagation
internal import PhoneModel
public import SimulationCore

/// Where one phone was and what its radio heard, sampled every `interval` (`track.jsonl`, the run
/// report's floor plan): the position and floor from its walk at each sample time, and per beacon
/// heard since the previous sample the packets received and their mean and strongest RSSI.
///
/// A radio observer attached before `World.run()`; it only counts, so the run is unchanged.
public final class PhoneTrack: PhoneRadioObserver {
    /// What the phone heard of one beacon in a sample's interval.
    public struct Heard: Sendable, Equatable {
        /// The world's beacon index (scenario order).
        public var beacon: Int
        public var packets: Int
        /// dBm.
        public var meanRSSI: Double
        public var maxRSSI: Int
    }

    /// The phone at `time` and what it heard in the interval ending then.
    public struct Sample: Sendable {
        public var time: SimTime
        public var position: PlanPoint
        public var floor: Int
        /// Beacons heard in (time − interval, time], in beacon order.
        public var heard: [Heard]
    }

    public let phone: String
    public let interval: SimDuration
    let trajectory: Trajectory
    /// Sample number → beacon → (packets, RSSI sum, strongest).
    private var buckets: [Int64: [Int: (packets: Int, sum: Int, max: Int)]] = [:]

    init(phone: String, trajectory: Trajectory, interval: SimDuration) {
        self.phone = phone
        self.trajectory = trajectory
        self.interval = interval
    }

    func scanPatternMayHaveChanged(_ pattern: ScanPattern?, at time: SimTime) {}

    func received(_ frame: IBeaconFrame, source: Int, rssi: Int, at time: SimTime) {
        // Sample k covers (k − 1)·interval < t ≤ k·interval.
        let step = interval.nanoseconds
        let sample = (time.nanoseconds + step - 1) / step
        var entry = buckets[sample, default: [:]][source] ?? (0, 0, Int.min)
        entry.packets += 1
        entry.sum += rssi
        entry.max = max(entry.max, rssi)
        buckets[sample, default: [:]][source] = entry
    }

    /// Samples at 0, interval, 2·interval, … up to `end`.
    public func samples(until end: SimTime) -> [Sample] {
        let step = interval.nanoseconds
        return (0...(end.nanoseconds / step)).map { k in
            let time = k * step
            let state = trajectory.state(at: time)
            let heard = (buckets[k] ?? [:]).sorted { $0.key < $1.key }.map { beacon, entry in
                Heard(
                    beacon: beacon, packets: entry.packets, meanRSSI: Double(entry.sum) / Double(entry.packets),
                    maxRSSI: entry.max)
            }
            return Sample(time: SimTime(nanoseconds: time), position: state.position, floor: state.floor, heard: heard)
        }
    }
}

extension World {
    /// Starts a track for every phone (call before `run()`); read them after with `samples(until:)`.
    public func recordTracks(every interval: SimDuration) -> [PhoneTrack] {
        phones.map { phone in
            let track = PhoneTrack(phone: phone.name, trajectory: phone.trajectory, interval: interval)
            phone.radioObservers.append(track)
            return track
        }
    }

    /// The beacons' names in world (scenario) order: what `PhoneTrack.Heard.beacon` indexes.
    public var beaconNames: [String] { beacons.map(\.name) }
}
