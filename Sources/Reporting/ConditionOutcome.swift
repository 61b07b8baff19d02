// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// One condition of a claim, measured.
public struct ConditionOutcome: Sendable {
    public var condition: ClaimCondition
    /// The statistic's value (seconds for durations), nil when there was nothing to measure.
    public var measured: Double?
    /// A 95 % confidence interval where one is defined: t-interval of a mean (paired for a
    /// comparison), order-statistic interval of a percentile, Wilson interval of a rate.
    public var interval: ClosedRange<Double>?
    /// Samples behind the statistic (events for durations, runs for counts, opportunities for
    /// rates, replication pairs for comparisons).
    public var sampleCount: Int
    public var passed: Bool
    /// Replications whose own value breaks the condition, the worst (farthest beyond the bound) first.
    public var violations: [Violation] = []

    /// One replication's value of the statistic, computed over that replication alone.
    public struct Violation: Sendable, Equatable {
        public var replication: Int
        public var value: Double
    }
}

/// A claim and its measured conditions, or for `anyOf`/`allOf` its parts.
public struct ClaimOutcome: Sendable {
    public var claim: ClaimSpec
    /// The conditions of a measured claim (empty for `anyOf`/`allOf`).
    public var conditions: [ConditionOutcome]
    /// The parts of `anyOf`/`allOf`, in order (empty for a measured claim).
    public var parts: [ClaimOutcome] = []
    /// Runs evaluated.
    public var runs: Int

    /// Every condition holds; for `anyOf` some part holds, for `allOf` every part.
    public var passed: Bool {
        switch claim.form {
        case .measured: conditions.allSatisfy(\.passed)
        case .anyOf: parts.contains(where: \.passed)
        case .allOf: parts.allSatisfy(\.passed)
        }
    }

    /// The measured claims in this outcome, depth first, each with its compound path
    /// (`anyOf[2]` for the second part of an `anyOf`).
    public var leaves: [(path: String, outcome: ClaimOutcome)] {
        guard claim.measured == nil else { return [("", self)] }
        let combinator = if case .anyOf = claim.form { "anyOf" } else { "allOf" }
        return parts.enumerated().flatMap { index, part in
            part.leaves.map { leaf in
                ("\(combinator)[\(index + 1)]" + (leaf.path.isEmpty ? "" : "." + leaf.path), leaf.outcome)
            }
        }
    }
}
