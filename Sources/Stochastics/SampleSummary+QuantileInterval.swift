// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

extension SampleSummary {
    /// Distribution-free confidence interval of the `p`-quantile at `level` (e.g. 0.95): the order
    /// statistics whose ranks bracket `n·p` by the binomial quantiles of Binomial(n, p), the
    /// classical construction (Conover, *Practical Nonparametric Statistics*, 3rd ed., §3.2).
    /// nil with fewer than two values or `p` outside (0, 1); at the sample's ends the interval
    /// is clamped to the minimum or maximum, so it is conservative there.
    public func quantileConfidenceInterval(_ p: Double, level: Double = 0.95) -> ClosedRange<Double>? {
        guard sorted.count >= 2, p > 0, p < 1 else { return nil }
        let n = sorted.count
        let alpha = (1 - level) / 2
        // X₍ₗ₊₁₎ (0-based index l) lies above the quantile with probability P(B ≤ l), B ~ Binomial(n, p):
        // the lower end is the largest l with P(B ≤ l) ≤ α/2, the upper the smallest u with P(B ≤ u) ≥ 1 − α/2.
        let cdf = { (k: Int) in gsl_cdf_binomial_P(UInt32(k), p, UInt32(n)) }
        var lower = 0
        while lower + 1 < n, cdf(lower + 1) <= alpha { lower += 1 }
        var upper = 0
        while upper < n - 1, cdf(upper) < 1 - alpha { upper += 1 }
        let low = sorted[lower]
        let high = sorted[upper]
        return min(low, high)...max(low, high)
    }
}
