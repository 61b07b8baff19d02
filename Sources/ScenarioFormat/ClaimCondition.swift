// SPDX-License-Identifier: GPL-3.0-or-later

/// One statistic compared with a bound: `p95: "<= 60s"`, `mean: "20s..50s"`, `rate: "<= 0.05"`.
public struct ClaimCondition: Sendable, Equatable {
    public var statistic: ClaimStatistic
    public var comparison: Comparison
    /// The bound in seconds for durations, plain number otherwise.
    public var bound: Double
    /// Upper bound of a `..` range (inclusive), in the same unit.
    public var upperBound: Double?
    /// The condition as written, for messages.
    public var text: String

    public init(statistic: ClaimStatistic, comparison: Comparison, bound: Double, upperBound: Double? = nil, text: String) {
        self.statistic = statistic
        self.comparison = comparison
        self.bound = bound
        self.upperBound = upperBound
        self.text = text
    }

    public enum Comparison: String, Sendable, Equatable {
        case lessOrEqual = "<=", less = "<", greaterOrEqual = ">=", greater = ">", equal = "==", within = ".."
    }
}

/// A statistic over all samples of a quantity across replications.
///
/// For durations the samples are the individual events; for counts they are the per-run counts,
/// and `rate` is the total count divided by the number of opportunities (zone exits for
/// `missedExits`, zone entries for `missedEntries`, runs otherwise). `percentile(p)` is the
/// p-th percentile, 0 < p < 100 (`p50`, `p99.9`).
public enum ClaimStatistic: Sendable, Hashable, Comparable, CustomStringConvertible {
    case min, max, mean
    case percentile(Double)
    case count, rate

    /// Common percentiles.
    public static let p50 = percentile(50), p90 = percentile(90), p95 = percentile(95), p99 = percentile(99)

    /// The statistic keys other than percentiles, in the order conditions are kept.
    public static let namedKeys = ["min", "max", "mean", "count", "rate"]
    /// Percentile keys (`p5`, `p50`, `p99.9`), as a regular expression; the value must also lie in (0, 100).
    public static let percentilePattern = "^p[0-9]{1,2}(\\.[0-9]+)?$"

    /// The statistic named by a claim key, or nil when `key` names none (or p0).
    public init?(key: String) {
        switch key {
        case "min": self = .min
        case "max": self = .max
        case "mean": self = .mean
        case "count": self = .count
        case "rate": self = .rate
        default:
            guard Self.isPercentileKey(key), let percent = Double(key.dropFirst()), percent > 0 else { return nil }
            self = .percentile(percent)
        }
    }

    /// Whether `key` matches `percentilePattern`: `p`, one or two digits, optionally `.` and digits.
    static func isPercentileKey(_ key: String) -> Bool {
        guard key.hasPrefix("p") else { return false }
        let parts = key.dropFirst().split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digits = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
        guard let whole = parts.first, digits(whole), whole.count <= 2 else { return false }
        return parts.count == 1 || digits(parts[1])
    }

    /// The key as written in canonical form: `p95`, `p99.9`, `mean`.
    public var description: String {
        switch self {
        case .min: "min"
        case .max: "max"
        case .mean: "mean"
        case .percentile(let percent): "p" + percent.plainText
        case .count: "count"
        case .rate: "rate"
        }
    }

    /// The quantile's probability for a percentile (0.95 for p95), nil otherwise.
    /// Computed from the decimal digits (`p99.9` → 0.999 exactly as written), not by dividing.
    public var quantile: Double? {
        guard case .percentile(let percent) = self else { return nil }
        let parts = percent.plainText.split(separator: ".", maxSplits: 1)
        let whole = String(repeating: "0", count: Swift.max(0, 2 - (parts.first?.count ?? 0))) + (parts.first ?? "")
        return Double("0." + whole + (parts.count > 1 ? parts[1] : "")) ?? percent / 100
    }

    /// min, max, mean, percentiles ascending, count, rate.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }

    private var order: Double {
        switch self {
        case .min: 0
        case .max: 1
        case .mean: 2
        case .percentile(let percent): 3 + percent / 100
        case .count: 5
        case .rate: 6
        }
    }
}
