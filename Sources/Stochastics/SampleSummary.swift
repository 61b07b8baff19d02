// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGSL

/// Summary statistics of a sample, computed with GSL.
///
/// Quantiles use GSL's `gsl_stats_quantile_from_sorted_data` (linear interpolation between order
/// statistics, Hyndman & Fan type 7, as R's default). The confidence interval of the mean is
/// Student-t based.
public struct SampleSummary: Sendable, Equatable {
    public let sorted: [Double]

    /// Summarises `values` (NaNs are dropped).
    public init(_ values: some Sequence<Double>) {
        _ = GSLRuntime.prepared
        sorted = values.filter { !$0.isNaN }.sorted()
    }

    public var count: Int { sorted.count }
    public var minimum: Double? { sorted.first }
    public var maximum: Double? { sorted.last }

    /// Arithmetic mean, or nil for an empty sample.
    public var mean: Double? {
        guard !sorted.isEmpty else { return nil }
        return sorted.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
    }

    /// Sample standard deviation (n − 1), or nil with fewer than two values.
    public var standardDeviation: Double? {
        guard sorted.count >= 2 else { return nil }
        return sorted.withUnsafeBufferPointer { gsl_stats_sd($0.baseAddress, 1, $0.count) }
    }

    /// The `p`-quantile (0 ≤ p ≤ 1), or nil for an empty sample.
    public func quantile(_ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let clamped = min(max(p, 0), 1)
        return sorted.withUnsafeBufferPointer {
            gsl_stats_quantile_from_sorted_data($0.baseAddress, 1, $0.count, clamped)
        }
    }

    /// Two-sided t-based confidence interval of the mean at `level` (e.g. 0.95), or nil with
    /// fewer than two values.
    public func meanConfidenceInterval(level: Double = 0.95) -> ClosedRange<Double>? {
        guard let mean, let sd = standardDeviation else { return nil }
        let degrees = Double(count - 1)
        let t = gsl_cdf_tdist_Pinv(1 - (1 - level) / 2, degrees)
        let half = t * sd / Double(count).squareRoot()
        return (mean - half)...(mean + half)
    }
}
