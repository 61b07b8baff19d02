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
    private struct Track {
        var identity: IBeaconIdentity
        var sum = 0
        var count = 0
        var lastHeard: SimTime
        var measuredPower: Int8
        /// (time, rssi) within the averaging window, when it is longer than a cycle.
        var window: [(SimTime, Int)] = []

        mutating func add(_ packets: EventPackets, keepingWindow: Bool) {
            for (rssi, time) in packets {
                sum += rssi
                count += 1
                lastHeard = time
                if keepingWindow { window.append((time, rssi)) }
            }
        }
    }

    private var usesRunningAverage: Bool { profile.rssiAveragingWindow > profile.rangingInterval }

    public let profile: OSProfile
    /// Indexed by the caller's source index (the world's beacon index); nil = not tracked.
    private var tracks: [Track?] = []

    public init(profile: OSProfile) { self.profile = profile }

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
        if source >= tracks.count { tracks += Array(repeating: nil, count: source + 1 - tracks.count) }
        let tracked = tracks.withUnsafeBufferPointer { $0[source]?.identity == identity }  // no copy of the track
        if !tracked {
            tracks[source] = Track(identity: identity, lastHeard: first.time, measuredPower: measuredPower)
        }
        let keepingWindow = usesRunningAverage
        tracks[source]?.add(packets, keepingWindow: keepingWindow)  // one in-place access
    }

    /// The Android Beacon Library's running average: samples of the last `rssiAveragingWindow`,
    /// sorted, the lowest and highest n/10 + 1 dropped when n > 2, then the mean.
    private func runningAverage(_ track: Track, at now: SimTime) -> Int? {
        let recent = track.window.filter { now - $0.0 <= profile.rssiAveragingWindow }.map(\.1).sorted()
        guard !recent.isEmpty else { return nil }
        let trim = recent.count > 2 ? recent.count / 10 + 1 : 0
        let kept = recent.count > 2 * trim ? Array(recent[trim..<(recent.count - trim)]) : recent
        return Int((Double(kept.reduce(0, +)) / Double(kept.count)).rounded())
    }

    /// Closes the cycle ending at `now`: the beacons of `region`, nearest first, then resets the
    /// per-cycle sums. Call once per cycle with every ranged region, then `endCycle(at:)`.
    public func beacons(in region: RegionDefinition, at now: SimTime) -> [RangedBeacon] {
        var result: [RangedBeacon] = []
        for case let track? in tracks where region.matches(track.identity) {
            let identity = track.identity
            if track.count > 0 {
                let mean =
                    usesRunningAverage
                    ? runningAverage(track, at: now) ?? 0 : Int((Double(track.sum) / Double(track.count)).rounded())
                let accuracy = Self.accuracy(rssi: mean, measuredPower: track.measuredPower, profile: profile)
                result.append(RangedBeacon(identity: identity, rssi: mean, accuracy: accuracy, proximity: proximity(accuracy)))
            } else if now - track.lastHeard <= profile.rangingLinger {
                result.append(RangedBeacon(identity: identity, rssi: 0, accuracy: -1, proximity: .unknown))
            }
        }
        return result.sorted { lhs, rhs in
            switch (lhs.accuracy < 0, rhs.accuracy < 0) {
            case (false, true): true
            case (true, false): false
            default: lhs.accuracy != rhs.accuracy ? lhs.accuracy < rhs.accuracy : lhs.identity < rhs.identity
            }
        }
    }

    /// Resets the per-cycle sums and forgets beacons silent for longer than `rangingLinger`.
    public mutating func endCycle(at now: SimTime) {
        for index in tracks.indices {
            guard let track = tracks[index] else { continue }
            if now - track.lastHeard > profile.rangingLinger {
                tracks[index] = nil
            } else {
                tracks[index]?.sum = 0
                tracks[index]?.count = 0
                if usesRunningAverage { tracks[index]?.window.removeAll { now - $0.0 > profile.rssiAveragingWindow } }
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
