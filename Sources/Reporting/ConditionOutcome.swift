// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// One condition of a claim, measured.
public struct ConditionOutcome: Sendable {
    public var condition: ClaimCondition
    /// The statistic's value (seconds for latencies), nil when there was nothing to measure.
    public var measured: Double?
    /// A 95 % confidence interval where one is defined: t-interval of a mean, Wilson interval of a
    /// rate.
    public var interval: ClosedRange<Double>?
    /// Samples behind the statistic (events for latencies, runs for counts, opportunities for rates).
    public var sampleCount: Int
    public var passed: Bool
}

/// A claim and its measured conditions.
public struct ClaimOutcome: Sendable {
    public var claim: ClaimSpec
    public var conditions: [ConditionOutcome]
    /// Runs evaluated.
    public var runs: Int
    public var passed: Bool { conditions.allSatisfy(\.passed) }
}
