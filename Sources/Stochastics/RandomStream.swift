// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A seeded stream of random numbers shared by reference: a `CounterStream` (BeaconSim's
/// counter-based generator behind GSL's `gsl_rng_type`) in a class, for models that hand one
/// stream around. Per-link and per-beacon streams in the per-packet path use `CounterStream`
/// values directly.
///
/// Not `Sendable` on purpose: each replication's world owns its streams. Create one stream per
/// random process with `init(seed:replication:label:)`.
public final class RandomStream {
    private var stream: CounterStream

    /// The stream for `label` (for example `"beacon/entrance/advDelay"`) in one replication.
    public init(seed: UInt64, replication: Int, label: String) {
        stream = CounterStream(seed: seed, replication: replication, label: label)
    }

    /// A stream keyed directly by all 64 bits of `rawSeed`.
    public init(rawSeed: UInt64) { stream = CounterStream(rawSeed: rawSeed) }

    /// Uniform on [0, 1).
    public func uniform() -> Double { stream.uniform() }

    /// Uniform on [lower, upper).
    public func uniform(_ lower: Double, _ upper: Double) -> Double { stream.uniform(lower, upper) }

    /// Uniform integer in 0..<count (`count` ≥ 1).
    public func uniformInt(_ count: Int) -> Int { stream.uniformInt(count) }

    /// Normal with the given mean and standard deviation (GSL ziggurat, Marsaglia & Tsang 2000).
    public func normal(mean: Double = 0, sd: Double) -> Double { stream.normal(mean: mean, sd: sd) }

    /// Log-normal whose logarithm has mean `logMean` and standard deviation `logSD`.
    public func logNormal(logMean: Double, logSD: Double) -> Double { stream.logNormal(logMean: logMean, logSD: logSD) }

    /// Log-normal given by its median and the standard deviation of its logarithm.
    public func logNormal(median: Double, logSD: Double) -> Double {
        logNormal(logMean: log(median), logSD: logSD)
    }

    /// Exponential with the given mean.
    public func exponential(mean: Double) -> Double { stream.exponential(mean: mean) }

    /// `true` with probability `p`.
    public func bernoulli(_ p: Double) -> Bool { stream.bernoulli(p) }
}
