// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore
internal import Foundation

/// Turns packets into ranging results (behaviour.md §1.3, §2.2): with CoreLocation's rule `rssi` is
/// the mean of the samples since the last callback; with an averaging window longer than a cycle
/// (the Android Beacon Library's `RunningAverageRssiFilter`) it is the mean of the window's samples
/// after dropping the lowest and the highest n/10 + 1 when n > 2. `accuracy` follows the profile's
/// curve; a beacon missed in a cycle is listed with proximity unknown, rssi 0 and accuracy −1
/// until `rangingLinger` has passed, then dropped.
public struct RangingEstimator {
    /// What a packet updates, per source: the identity it is tracked under and the cycle's sums.
    /// Kept small and without references (40 bytes), since a crowd's phones touch one per packet
    /// received; the averaging windows, which only the Android filter keeps, live apart.
    private struct Track {
        var identity: IBeaconIdentity
        var measuredPower: Int8
        var sum: Int32 = 0
        var count: Int32 = 0
        /// `SimTime.nanoseconds` of the last packet; `untracked` when the source is not tracked.
        var lastHeard: Int64

        static let untracked = Int64.min
        var isTracked: Bool { lastHeard != Self.untracked }
    }

    private let usesRunningAverage: Bool

    public let profile: OSProfile
    /// Indexed by the caller's source index (the world's beacon index).
    private var tracks: [Track] = []
    /// (time, rssi) within the averaging window per source, when it is longer than a cycle.
    private var windows: [[(SimTime, Int)]] = []
    /// How many sources are tracked: the most a region's list can hold.
    private var trackedCount = 0
    /// `accuracy(rssi:measuredPower:profile:)` of every mean RSSI −128…127 (index rssi + 128) at
    /// `tabledPower`, the measured power of the first source tracked (empty before): the cycle's
    /// results read it instead of calling `pow` for each beacon every cycle. Sources with
    /// another measured power compute theirs.
    private var accuracies: [Double] = []
    private var tabledPower: Int8 = 0

    public init(profile: OSProfile) {
        self.profile = profile
        usesRunningAverage = profile.rssiAveragingWindow > profile.rangingInterval
    }

    /// Records one packet from transmitter `source`, a small stable index chosen by the caller
    /// (a dense array instead of hashing the identity for every packet).
    /// - Complexity: O(1) amortised.
    public mutating func record(source: Int, identity: IBeaconIdentity, rssi: Int, measuredPower: Int8, at time: SimTime) {
        record(source: source, identity: identity, packets: EventPackets(rssi: rssi, time: time), measuredPower: measuredPower)
    }

    /// Records one advertising event's packets from `source`, in time order: the same as
    /// recording each in turn, with the track looked up once.
    public mutating func record(source: Int, identity: IBeaconIdentity, packets: EventPackets, measuredPower: Int8) {
        guard let first = packets.first else { return }
        if source >= tracks.count { grow(to: source + 1) }
        if !tracks[source].isTracked || tracks[source].identity != identity {
            if !tracks[source].isTracked { trackedCount += 1 }
            if accuracies.isEmpty { tabulateAccuracy(measuredPower: measuredPower) }
            tracks[source] = Track(identity: identity, measuredPower: measuredPower, lastHeard: first.time.nanoseconds)
            if usesRunningAverage { windows[source].removeAll() }
        }
        // Not in a loop over the packets: there the window was made unique for every event, used or not.
        if usesRunningAverage {
            for (rssi, time) in packets { windows[source].append((time, rssi)) }
        }
        tracks[source].sum &+= Int32(truncatingIfNeeded: packets.rssiSum)
        tracks[source].count &+= Int32(packets.count)
        tracks[source].lastHeard = packets[packets.count - 1].time.nanoseconds
    }

    /// Fills `accuracies` for `measuredPower` (once: the first source tracked decides).
    private mutating func tabulateAccuracy(measuredPower: Int8) {
        tabledPower = measuredPower
        accuracies = (-128..<128).map { Self.accuracy(rssi: $0, measuredPower: measuredPower, profile: profile) }
    }

    /// `accuracy(rssi:measuredPower:profile:)` for this estimator's profile: from `accuracies`
    /// when it holds the pair, the same figure computed otherwise.
    private func accuracy(rssi: Int, measuredPower: Int8) -> Double {
        if measuredPower == tabledPower, !accuracies.isEmpty, rssi >= -128, rssi < 128 { return accuracies[rssi + 128] }
        return Self.accuracy(rssi: rssi, measuredPower: measuredPower, profile: profile)
    }

    private mutating func grow(to count: Int) {
        let placeholder = Track(
            identity: IBeaconIdentity(uuid: BeaconUUID(high: 0, low: 0), major: 0, minor: 0), measuredPower: 0,
            lastHeard: Track.untracked)
        tracks += Array(repeating: placeholder, count: count - tracks.count)
        if usesRunningAverage { windows += Array(repeating: [], count: count - windows.count) }
    }

    /// The Android Beacon Library's running average: samples of the last `rssiAveragingWindow`,
    /// sorted, the lowest and highest n/10 + 1 dropped when n > 2, then the mean.
    private func runningAverage(_ window: [(SimTime, Int)], at now: SimTime) -> Int? {
        let recent = window.filter { now - $0.0 <= profile.rssiAveragingWindow }.map(\.1).sorted()
        guard !recent.isEmpty else { return nil }
        let trim = recent.count > 2 ? recent.count / 10 + 1 : 0
        let kept = recent.count > 2 * trim ? Array(recent[trim..<(recent.count - trim)]) : recent
        return Int((Double(kept.reduce(0, +)) / Double(kept.count)).rounded())
    }

    /// Closes the cycle ending at `now`: the beacons of `region`, nearest first, then resets the
    /// per-cycle sums. Call once per cycle with every ranged region, then `endCycle(at:)`.
    public func beacons(in region: RegionDefinition, at now: SimTime) -> [RangedBeacon] {
        var result: [RangedBeacon] = []
        result.reserveCapacity(trackedCount)
        let key = _RegionMatchKey(region)
        for source in tracks.indices where tracks[source].isTracked && key.matches(tracks[source].identity) {
            let track = tracks[source]
            if track.count > 0 {
                let mean =
                    usesRunningAverage
                    ? runningAverage(windows[source], at: now) ?? 0 : Int((Double(track.sum) / Double(track.count)).rounded())
                let accuracy = accuracy(rssi: mean, measuredPower: track.measuredPower)
                result.append(
                    RangedBeacon(identity: track.identity, rssi: mean, accuracy: accuracy, proximity: proximity(accuracy)))
            } else if now - SimTime(nanoseconds: track.lastHeard) <= profile.rangingLinger {
                result.append(RangedBeacon(identity: track.identity, rssi: 0, accuracy: -1, proximity: .unknown))
            }
        }
        result.sort { lhs, rhs in
            switch (lhs.accuracy < 0, rhs.accuracy < 0) {
            case (false, true): true
            case (true, false): false
            default: lhs.accuracy != rhs.accuracy ? lhs.accuracy < rhs.accuracy : lhs.identity < rhs.identity
            }
        }
        return result
    }

    /// Resets the per-cycle sums and forgets beacons silent for longer than `rangingLinger`.
    public mutating func endCycle(at now: SimTime) {
        for index in tracks.indices where tracks[index].isTracked {
            if now - SimTime(nanoseconds: tracks[index].lastHeard) > profile.rangingLinger {
                tracks[index].lastHeard = Track.untracked
                trackedCount -= 1
                if usesRunningAverage { windows[index].removeAll() }
            } else {
                tracks[index].sum = 0
                tracks[index].count = 0
                if usesRunningAverage { windows[index].removeAll { now - $0.0 > profile.rssiAveragingWindow } }
            }
        }
    }

    /// Distance estimate in metres: −1 for rssi 0; r = rssi / measuredPower; r < 1 → r^10;
    /// else A·r^B + C (Young's fit, SO 20416218; ABL CurveFittedDistanceCalculator).
    public static func accuracy(rssi: Int, measuredPower: Int8, profile: OSProfile) -> Double {
        guard rssi != 0, measuredPower != 0 else { return -1 }
        let ratio = Double(rssi) / Double(measuredPower)
        if ratio < 1 { return pow(ratio, 10) }
        return profile.accuracyCoefficientA * pow(ratio, profile.accuracyCoefficientB) + profile.accuracyCoefficientC
    }

    private func proximity(_ accuracy: Double) -> Proximity {
        if accuracy < 0 { return .unknown }
        if accuracy < profile.immediateThreshold { return .immediate }
        if accuracy < profile.nearThreshold { return .near }
        return .far
    }
}
