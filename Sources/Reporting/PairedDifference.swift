// SPDX-License-Identifier: GPL-3.0-or-later
internal import Stochastics

/// The difference of a statistic between two sets of runs made with the same seeds (common random
/// numbers: `compare`'s layouts), replication by replication: d_r = b_r − a_r over the
/// replications where both have a value, then the mean of d with its 95 % t-interval
/// (`SampleSummary.meanConfidenceInterval`, GSL's t quantile). Pairing removes the variation the
/// two share (the same walks, scan phases and OS decisions), so the interval is far narrower than
/// that of two independent means.
public struct PairedDifference: Sendable, Equatable {
    /// Mean of b − a over the pairs, nil with no pair.
    public var mean: Double?
    /// 95 % t-interval of that mean, nil with fewer than two pairs.
    public var interval: ClosedRange<Double>?
    /// Replications where both sides had a value.
    public var pairs: Int

    /// b − a, from each side's value by replication number.
    public init(a: [Int: Double], b: [Int: Double]) {
        let differences = a.keys.sorted().compactMap { replication in b[replication].map { $0 - (a[replication] ?? 0) } }
        let summary = SampleSummary(differences)
        mean = summary.mean
        interval = summary.meanConfidenceInterval()
        pairs = differences.count
    }

    /// Whether the interval excludes zero: the two differ beyond the replication noise.
    public var resolved: Bool {
        guard let interval else { return false }
        return interval.lowerBound > 0 || interval.upperBound < 0
    }
}
