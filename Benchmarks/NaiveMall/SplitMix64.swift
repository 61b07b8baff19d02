// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The workload spec's per-beacon random stream (../shared/bench/mall-1h.md, "Beacons"): SplitMix64
/// (Steele, Lea & Flood 2014) seeded with the SplitMix finaliser of `seed·1000 + b`, with CPython's
/// `random.gauss` Box–Muller pair for normals.
struct SplitMix64 {
    private var state: UInt64
    /// The second value of the last Box–Muller pair, returned by the next `gauss()`.
    private var spare: Double?

    init(seed: UInt64, beacon: Int) { state = Self.finalise(seed &* 1000 &+ UInt64(beacon)) }

    /// SplitMix64's output function: a bijective 64-bit mixer.
    static func finalise(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        return Self.finalise(state)
    }

    /// U[0, 1) from the top 53 bits.
    mutating func uniform() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A standard normal: `a = 2π·u1, r = sqrt(−2·ln(1 − u2))`, return `r·cos a`, keep `r·sin a`.
    mutating func gauss() -> Double {
        if let value = spare {
            spare = nil
            return value
        }
        let angle = 2 * Double.pi * uniform()
        let radius = (-2 * log(1 - uniform())).squareRoot()
        spare = radius * sin(angle)
        return radius * cos(angle)
    }
}
