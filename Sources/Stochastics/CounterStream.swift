// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL
internal import Foundation

/// A random stream as a small value: BeaconSim's counter-based generator (SplitMix64 with a
/// per-stream increment, Steele, Lea & Flood 2014, the algorithm of Java's SplittableRandom),
/// plugged into GSL as a `gsl_rng_type` so GSL's distributions draw from it.
///
/// Draw n of a stream is a pure function of its key and n, so the state is 24 bytes (MT19937 has
/// 5 KB): a world keeps one per link and per beacon inline in flat arrays, and `position` /
/// `seek(to:)` move a stream to any draw in O(1). One stream per random process, keyed by
/// `StreamSeed.derive(seed:replication:label:)`.
public struct CounterStream: Sendable, Hashable {
    @usableFromInline var origin: UInt64
    @usableFromInline var gamma: UInt64
    @usableFromInline var counter: UInt64

    /// The stream for `label` (for example `"link/door/alice"`) in one replication.
    public init(seed: UInt64, replication: Int, label: String) {
        self.init(rawSeed: StreamSeed.derive(seed: seed, replication: replication, label: label))
    }

    /// A stream keyed directly by all 64 bits of `rawSeed`.
    public init(rawSeed: UInt64) {
        _ = GSLRuntime.prepared
        var state = cgsl_counter_state()
        cgsl_counter_seed(&state, rawSeed)
        (origin, gamma, counter) = (state.origin, state.gamma, state.counter)
    }

    /// How many numbers the stream has produced (GSL's distributions may use several per variate).
    public var position: UInt64 { counter }

    /// Moves the stream so that its next draw is the one after `position` draws.
    public mutating func seek(to position: UInt64) { counter = position }

    /// Runs `body` with a GSL generator whose state is this stream, then keeps the new position.
    private mutating func withGenerator<Result>(_ body: (UnsafePointer<gsl_rng>) -> Result) -> Result {
        var state = cgsl_counter_state(origin: origin, gamma: gamma, counter: counter)
        let result = withUnsafeMutablePointer(to: &state) { pointer in
            var rng = gsl_rng(type: cgsl_rng_counter(), state: UnsafeMutableRawPointer(pointer))
            return body(&rng)
        }
        counter = state.counter
        return result
    }

    /// Uniform on [0, 1): the next output's top 53 bits. Written out in Swift, so the call inlines
    /// into the per-packet loops; it is `cgsl_counter_uniform` of shim.h (which GSL's
    /// distributions use), and `CounterStreamTests` holds the two equal.
    @inlinable public mutating func uniform() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// The next 64-bit output: `cgsl_counter_next` of shim.h, written out in Swift so it inlines.
    @inlinable mutating func next() -> UInt64 {
        counter &+= 1
        var z = origin &+ counter &* gamma
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9  // SplitMix64's output function (cgsl_mix64)
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform on [lower, upper).
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        withGenerator { gsl_ran_flat($0, lower, upper) }
    }

    /// Uniform integer in 0..<count (`count` ≥ 1).
    public mutating func uniformInt(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(withGenerator { gsl_rng_uniform_int($0, UInt(count)) })
    }

    /// Normal with the given mean and standard deviation (GSL ziggurat, Marsaglia & Tsang 2000).
    /// The ziggurat's common path is taken inline (`ZigguratTable`); the rare rest, from the same
    /// first output, is GSL's. `CounterStreamTests` holds every draw equal to GSL's own.
    @inlinable public mutating func normal(mean: Double = 0, sd: Double) -> Double {
        if sd <= 0 { return mean }
        let start = counter
        let output = next()
        if let steps = ZigguratTable.steps {
            let step = steps[Int(truncatingIfNeeded: output & 0x7f)]
            let j = (output >> 8) & 0xff_ffff
            if j < step.limit {
                let sign = Double(Int64(truncatingIfNeeded: output >> 6 & 2) - 1)  // bit 7: +1, else −1; no branch
                return mean + sign * sd * (Double(j) * step.width)  // GSL's `sign * sigma * x`, in its order
            }
        }
        counter = start
        return mean + gslNormal(sd: sd)
    }

    /// GSL's ziggurat normal drawn from this stream (`sd` > 0); kept out of line, so the inlined
    /// common path carries none of its set-up.
    @inline(never) @usableFromInline mutating func gslNormal(sd: Double) -> Double {
        withGenerator { gsl_ran_gaussian_ziggurat($0, sd) }
    }

    /// Log-normal whose logarithm has mean `logMean` and standard deviation `logSD`.
    public mutating func logNormal(logMean: Double, logSD: Double) -> Double {
        logSD <= 0 ? exp(logMean) : withGenerator { gsl_ran_lognormal($0, logMean, logSD) }
    }

    /// Exponential with the given mean.
    public mutating func exponential(mean: Double) -> Double {
        mean <= 0 ? 0 : withGenerator { gsl_ran_exponential($0, mean) }
    }

    /// `true` with probability `p`.
    public mutating func bernoulli(_ p: Double) -> Bool {
        if p <= 0 { return false }
        if p >= 1 { return true }
        return uniform() < p
    }
}
