// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A one-dimensional distribution that model parameters can name as data.
///
/// Scenario overrides and OS profiles describe delays with these cases, so a user can replace, say,
/// the iOS background entry delay by a fixed value for a controlled experiment.
public enum Distribution: Hashable, Sendable {
    /// Always `value`.
    case constant(Double)
    /// Uniform on [lower, upper).
    case uniform(lower: Double, upper: Double)
    /// Normal, truncated to [minimum, maximum] by clamping.
    case normal(mean: Double, sd: Double, minimum: Double, maximum: Double)
    /// Log-normal given by its median and the SD of its logarithm, clamped to [minimum, maximum].
    case logNormal(median: Double, logSD: Double, minimum: Double, maximum: Double)
    /// Exponential with the given mean.
    case exponential(mean: Double)

    /// One draw from `stream`.
    public func sample(_ stream: RandomStream) -> Double {
        switch self {
        case .constant(let value): value
        case .uniform(let lower, let upper): upper > lower ? stream.uniform(lower, upper) : lower
        case .normal(let mean, let sd, let minimum, let maximum):
            min(max(stream.normal(mean: mean, sd: sd), minimum), maximum)
        case .logNormal(let median, let logSD, let minimum, let maximum):
            min(max(stream.logNormal(median: median, logSD: logSD), minimum), maximum)
        case .exponential(let mean): stream.exponential(mean: mean)
        }
    }

    /// The distribution's mean before clamping (for documentation and sanity checks).
    public var nominalMean: Double {
        switch self {
        case .constant(let value): value
        case .uniform(let lower, let upper): (lower + upper) / 2
        case .normal(let mean, _, _, _): mean
        case .logNormal(let median, let logSD, _, _): median * exp(logSD * logSD / 2)
        case .exponential(let mean): mean
        }
    }
}

extension Distribution: CustomStringConvertible {
    public var description: String {
        switch self {
        case .constant(let value): "\(value)"
        case .uniform(let lower, let upper): "uniform(\(lower), \(upper))"
        case .normal(let mean, let sd, let minimum, let maximum): "normal(mean \(mean), sd \(sd), in [\(minimum), \(maximum)])"
        case .logNormal(let median, let logSD, let minimum, let maximum):
            "logNormal(median \(median), logSD \(logSD), in [\(minimum), \(maximum)])"
        case .exponential(let mean): "exponential(mean \(mean))"
        }
    }
}
