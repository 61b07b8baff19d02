// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL
internal import Foundation

/// A seeded stream of random numbers from GSL's MT19937 generator.
///
/// Not `Sendable` on purpose: each replication's world owns its streams. Create one stream per
/// random process with `init(seed:replication:label:)`.
public final class RandomStream {
    private let rng: UnsafeMutablePointer<gsl_rng>

    /// The stream for `label` (for example `"beacon/entrance/advDelay"`) in one replication.
    public convenience init(seed: UInt64, replication: Int, label: String) {
        self.init(rawSeed: StreamSeed.derive(seed: seed, replication: replication, label: label))
    }

    /// A stream seeded directly; MT19937 uses the low 32 bits of a non-zero `UInt`.
    public init(rawSeed: UInt64) {
        _ = GSLRuntime.prepared
        guard let rng = gsl_rng_alloc(cgsl_rng_mt19937()) else {
            fatalError("GSL could not allocate a random number generator (out of memory)")
        }
        self.rng = rng
        // GSL replaces seed 0 by its default 4357; fold the 64 bits so every seed differs.
        let folded = UInt(truncatingIfNeeded: (rawSeed ^ (rawSeed >> 32)) & 0xffff_ffff)
        gsl_rng_set(rng, folded == 0 ? 0x5eed : folded)
    }

    deinit { gsl_rng_free(rng) }

    /// Uniform on [0, 1).
    public func uniform() -> Double { gsl_rng_uniform(rng) }

    /// Uniform on [lower, upper).
    public func uniform(_ lower: Double, _ upper: Double) -> Double { gsl_ran_flat(rng, lower, upper) }

    /// Uniform integer in 0..<count (`count` ≥ 1).
    public func uniformInt(_ count: Int) -> Int {
        count <= 1 ? 0 : Int(gsl_rng_uniform_int(rng, UInt(count)))
    }

    /// Normal with the given mean and standard deviation (GSL ziggurat, Marsaglia & Tsang 2000).
    public func normal(mean: Double = 0, sd: Double) -> Double {
        sd <= 0 ? mean : mean + gsl_ran_gaussian_ziggurat(rng, sd)
    }

    /// Log-normal whose logarithm has mean `logMean` and standard deviation `logSD`.
    public func logNormal(logMean: Double, logSD: Double) -> Double {
        logSD <= 0 ? exp(logMean) : gsl_ran_lognormal(rng, logMean, logSD)
    }

    /// Log-normal given by its median and the standard deviation of its logarithm.
    public func logNormal(median: Double, logSD: Double) -> Double {
        logNormal(logMean: log(median), logSD: logSD)
    }

    /// Exponential with the given mean.
    public func exponential(mean: Double) -> Double { mean <= 0 ? 0 : gsl_ran_exponential(rng, mean) }

    /// `true` with probability `p`.
    public func bernoulli(_ p: Double) -> Bool {
        if p <= 0 { return false }
        if p >= 1 { return true }
        return gsl_rng_uniform(rng) < p
    }
}
