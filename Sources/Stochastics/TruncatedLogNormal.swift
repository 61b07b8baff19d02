// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL
internal import Foundation

/// A log-normal distribution restricted to [`lower`, `upper`]: the log-normal's density on that
/// range, renormalised. Unlike a clamped draw it puts no probability mass on the limits themselves.
///
/// Drawn by inversion (one uniform per draw: x = F⁻¹(F(lower) + u·(F(upper) − F(lower)))), with
/// GSL's normal CDF and quantile.
public struct TruncatedLogNormal: Sendable, Hashable {
    /// The untruncated log-normal's median (e^μ) and the standard deviation of its logarithm (σ).
    public var median: Double
    public var logSD: Double
    /// The range; `lower` ≥ 0, `upper` > `lower` (`.infinity` for no upper limit).
    public var lower: Double
    public var upper: Double

    public init(median: Double, logSD: Double, lower: Double, upper: Double) {
        self.median = median
        self.logSD = logSD
        self.lower = max(0, lower)
        self.upper = max(self.lower, upper)
    }

    /// Φ((ln x − μ)/σ), the untruncated CDF.
    private func untruncatedCDF(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x == .infinity { return 1 }
        _ = GSLRuntime.prepared
        return gsl_cdf_ugaussian_P((log(x) - log(median)) / logSD)
    }

    private var degenerate: Bool { logSD <= 0 || median <= 0 || upper <= lower }

    /// P(X ≤ x).
    public func cdf(_ x: Double) -> Double {
        if degenerate { return x >= min(max(median, lower), upper) ? 1 : 0 }
        let low = untruncatedCDF(lower)
        let mass = untruncatedCDF(upper) - low
        guard mass > 0 else { return x >= lower ? 1 : 0 }
        return min(1, max(0, (untruncatedCDF(min(max(x, lower), upper)) - low) / mass))
    }

    /// The value below which a fraction `p` of the distribution lies.
    public func quantile(_ p: Double) -> Double {
        if degenerate { return min(max(median, lower), upper) }
        let low = untruncatedCDF(lower)
        let target = low + min(max(p, 0), 1) * (untruncatedCDF(upper) - low)
        guard target > 0 else { return lower }
        guard target < 1 else { return upper }
        _ = GSLRuntime.prepared
        return min(max(median * exp(logSD * gsl_cdf_ugaussian_Pinv(target)), lower), upper)
    }

    /// E[X] = e^(μ+σ²/2)·(Φ(b − σ) − Φ(a − σ))/(Φ(b) − Φ(a)), with a, b the standardised log limits.
    public var mean: Double {
        if degenerate { return quantile(0.5) }
        _ = GSLRuntime.prepared
        let standardise = { (x: Double) -> Double in
            x <= 0 ? -.infinity : x == .infinity ? .infinity : (log(x) - log(self.median)) / self.logSD
        }
        let a = standardise(lower)
        let b = standardise(upper)
        let mass = gsl_cdf_ugaussian_P(b) - gsl_cdf_ugaussian_P(a)
        guard mass > 0 else { return lower }
        let shifted = gsl_cdf_ugaussian_P(b - logSD) - gsl_cdf_ugaussian_P(a - logSD)
        return median * exp(logSD * logSD / 2) * shifted / mass
    }

    /// One draw from `stream` (exactly one uniform).
    public func sample(_ stream: RandomStream) -> Double { quantile(stream.uniform()) }
}
