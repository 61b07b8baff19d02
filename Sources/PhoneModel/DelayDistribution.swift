// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore
public import Stochastics

/// A delay drawn from a log-normal (median, log-SD) truncated to [`minimum`, `maximum`]: it lives on
/// the published range with no mass piled at the limits (`TruncatedLogNormal`).
public struct DelayDistribution: Hashable, Sendable {
    /// Median of the untruncated log-normal.
    public var median: SimDuration
    /// Standard deviation of the delay's natural logarithm.
    public var logSD: Double
    /// Lower truncation limit.
    public var minimum: SimDuration
    /// Upper truncation limit.
    public var maximum: SimDuration

    public init(median: SimDuration, logSD: Double, minimum: SimDuration, maximum: SimDuration) {
        self.median = median
        self.logSD = logSD
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The distribution's name with its parameters, as the timeline's `osDelayDrawn` records it:
    /// `truncated log-normal (median 5 s, log-SD 1.2, 0 s…600 s)`.
    public var description: String {
        let seconds = Self.label
        return "truncated log-normal (median \(seconds(median)), log-SD \(logSD), \(seconds(minimum))…\(seconds(maximum)))"
    }

    /// A duration as the names of drawn delays write it: `5 s`, `0.25 s` (to the millisecond).
    public static func label(_ duration: SimDuration) -> String {
        let value = (duration.seconds * 1000).rounded() / 1000
        return value == value.rounded() ? "\(Int64(value)) s" : "\(value) s"
    }

    /// One delay, from one uniform of `random`.
    public func sample(_ random: RandomStream) -> SimDuration {
        let distribution = TruncatedLogNormal(
            median: median.seconds, logSD: logSD, lower: minimum.seconds, upper: maximum.seconds)
        return SimDuration(seconds: distribution.sample(random))
    }
}
