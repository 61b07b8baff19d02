// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

/// Special functions the models need, from GSL.
public enum ProbabilityFunctions {
    /// Upper tail of the standard normal, Q(x) = P(Z > x).
    public static func gaussianQ(_ x: Double) -> Double {
        _ = GSLRuntime.prepared
        return gsl_cdf_ugaussian_Q(x)
    }

    /// Inverse of the standard normal CDF.
    public static func gaussianQuantile(_ p: Double) -> Double {
        _ = GSLRuntime.prepared
        return gsl_cdf_ugaussian_Pinv(p)
    }

    /// Two-sided Wilson score interval for a binomial proportion (`successes` of `trials`).
    public static func wilsonInterval(successes: Int, trials: Int, level: Double = 0.95) -> ClosedRange<Double>? {
        guard trials > 0 else { return nil }
        let z = gaussianQuantile(1 - (1 - level) / 2)
        let n = Double(trials)
        let p = Double(successes) / n
        let denominator = 1 + z * z / n
        let centre = (p + z * z / (2 * n)) / denominator
        let half = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / denominator
        return max(0, centre - half)...min(1, centre + half)
    }
}
