// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising
public import SimulationCore
internal import Foundation

/// Turns packets into 1 Hz ranging results the way CoreLocation reports them (behaviour.md §1.3):
/// `rssi` is the mean of the samples since the last callback; `accuracy` follows the profile's
/// curve (Young's iPhone 5 fit by default); a beacon missed in a cycle is listed with proximity
/// unknown, rssi 0 and accuracy −1 until `rangingLinger` has passed, then dropped.
public struct RangingEstimator {
    private struct Track {
        var identity: IBeaconIdentity
        var sum = 0
        var count = 0
        var lastHeard: SimTime
        var measuredPower: Int8
    }

    public let profile: OSProfile
    /// Indexed by the caller's source index (the world's beacon index); nil = not tracked.
    private var tracks: [Track?] = []

    public init(profile: OSProfile) { self.profile = profile }

    /// Records one packet from transmitter `source`, a small stable index chosen by the caller
    /// (a dense array instead of hashing the identity for every packet).
    /// - Complexity: O(1) amortised.
    public mutating func record(source: Int, identity: IBeaconIdentity, rssi: Int, measuredPower: Int8, at time: SimTime) {
        if source >= tracks.count { tracks += Array(repeating: nil, count: source + 1 - tracks.count) }
        if tracks[source] == nil || tracks[source]?.identity != identity {
            tracks[source] = Track(identity: identity, lastHeard: time, measuredPower: measuredPower)
        }
        tracks[source]?.sum += rssi
        tracks[source]?.count += 1
        tracks[source]?.lastHeard = time
    }

    /// Closes the cycle ending at `now`: the beacons of `region`, nearest first, then resets the
    /// per-cycle sums. Call once per cycle with every ranged region, then `endCycle(at:)`.
    public func beacons(in region: RegionDefinition, at now: SimTime) -> [RangedBeacon] {
        var result: [RangedBeacon] = []
        for case let track? in tracks where region.matches(track.identity) {
            let identity = track.identity
            if track.count > 0 {
                let mean = Int((Double(track.sum) / Double(track.count)).rounded())
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
