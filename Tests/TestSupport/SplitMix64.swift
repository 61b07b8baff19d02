// SPDX-License-Identifier: GPL-3.0-or-later

/// SplitMix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number generators"): a tiny
/// seeded generator for tests that mutate, fuzz or place things at random, so every run draws the
/// same numbers. Shared by every test target so there is exactly one copy of its constants.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The generator's whole state; each draw advances it by the golden-ratio increment.
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
