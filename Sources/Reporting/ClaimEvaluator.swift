// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
internal import Stochastics

/// Evaluates `expect:` claims over what many runs measured.
///
/// Duration statistics pool every sample of every run; count statistics take one value per run
/// (summed over the selected phones and regions); `rate` is the total count over the total
/// opportunities (`missedExits`, `missedEntries`, `wrongNearest`) or over the runs (other
/// counts). A comparison (`versus`) takes, per replication, the difference of the two sides'
/// values (each the mean of that side's samples in the run) over the replications where both
/// have one. Each condition also lists the replications whose own value breaks it.
public enum ClaimEvaluator {
    public static func evaluate(_ claim: ClaimSpec, runs: [ClaimRun]) -> ClaimOutcome {
        switch claim.form {
        case .measured(let measured):
            return ClaimOutcome(
                claim: claim, conditions: measured.conditions.map { outcome($0, of: measured, runs: runs) },
                runs: runs.count)
        case .anyOf(let parts), .allOf(let parts):
            return ClaimOutcome(
                claim: claim, conditions: [], parts: parts.map { evaluate($0, runs: runs) }, runs: runs.count)
        }
    }

    /// Runs given only by their base metrics, numbered 0, 1, 2, … (claims about metrics only).
    public static func evaluate(_ claim: ClaimSpec, runs: [[RegionMetrics]]) -> ClaimOutcome {
        evaluate(claim, runs: runs.enumerated().map { ClaimRun(replication: $0, metrics: $1) })
    }

    private static func outcome(_ condition: ClaimCondition, of claim: MeasuredClaim, runs: [ClaimRun])
        -> ConditionOutcome
    {
        let statistic = condition.statistic
        let perRun = samplesPerRun(claim, runs: runs)
        let pooled = perRun.flatMap(\.samples.values)
        var result: ConditionOutcome
        if statistic == .rate {
            result = rateOutcome(condition, perRun: perRun.map(\.samples))
        } else {
            let summary = SampleSummary(pooled)
            let measured = value(statistic, of: summary)
            result = ConditionOutcome(
                condition: condition, measured: measured, interval: interval(statistic, of: summary),
                sampleCount: summary.count, passed: measured.map { holds(condition, $0) } ?? false)
        }
        result.violations = perRun.compactMap { replication, samples in
            guard let value = ownValue(statistic, samples), !holds(condition, value) else { return nil }
            return ConditionOutcome.Violation(replication: replication, value: value)
        }.sorted { (excess(condition, $0.value), -$0.replication) > (excess(condition, $1.value), -$1.replication) }
        return result
    }

    /// Each run's samples of the claim's side, or for a comparison (`versus`) the difference of
    /// the two sides' values in that run (runs where either side has none are left out).
    private static func samplesPerRun(_ claim: MeasuredClaim, runs: [ClaimRun])
        -> [(replication: Int, samples: SideSamples)]
    {
        guard let versus = claim.versus else {
            return runs.map { ($0.replication, SideSamples(claim.side, in: $0)) }
        }
        return runs.compactMap { run in
            guard let a = SideSamples(claim.side, in: run).pairValue, let b = SideSamples(versus, in: run).pairValue
            else { return nil }
            return (run.replication, SideSamples(values: [a - b]))
        }
    }

    /// Each replication's own value of `statistic` for `claim` (over that replication alone, as
    /// `violations` are), by replication number; replications with nothing to measure are absent.
    /// Two sets of runs with the same seeds pair up by replication (`PairedDifference`).
    public static func replicationValues(_ claim: MeasuredClaim, statistic: ClaimStatistic, runs: [ClaimRun])
        -> [Int: Double]
    {
        var values: [Int: Double] = [:]
        for (replication, samples) in samplesPerRun(claim, runs: runs) {
            if let value = ownValue(statistic, samples) { values[replication] = value }
        }
        return values
    }

    /// `rate` of a count metric: total count over opportunities (Wilson interval) or over runs.
    private static func rateOutcome(_ condition: ClaimCondition, perRun: [SideSamples]) -> ConditionOutcome {
        let counts = perRun.map { $0.values.first ?? 0 }
        let total = Int(counts.reduce(0, +))
        let usesOpportunities = perRun.contains { $0.opportunities != nil }
        let trials = usesOpportunities ? perRun.reduce(0) { $0 + ($1.opportunities ?? 0) } : perRun.count
        guard trials > 0 else {
            return ConditionOutcome(condition: condition, measured: nil, interval: nil, sampleCount: 0, passed: false)
        }
        let rate = Double(total) / Double(trials)
        let interval =
            usesOpportunities
            ? ProbabilityFunctions.wilsonInterval(successes: total, trials: trials)
            : SampleSummary(counts).meanConfidenceInterval()
        return ConditionOutcome(
            condition: condition, measured: rate, interval: interval, sampleCount: trials, passed: holds(condition, rate))
    }

    /// The statistic over one replication's samples alone (its rate over its own opportunities).
    static func ownValue(_ statistic: ClaimStatistic, _ samples: SideSamples) -> Double? {
        if statistic == .rate {
            guard let count = samples.values.first else { return nil }
            guard let opportunities = samples.opportunities else { return count }
            return opportunities > 0 ? count / Double(opportunities) : nil
        }
        return value(statistic, of: SampleSummary(samples.values))
    }

    /// 95 % interval of a statistic: t-interval of a mean, order-statistic interval of a
    /// percentile, none for extremes and counts.
    static func interval(_ statistic: ClaimStatistic, of summary: SampleSummary) -> ClosedRange<Double>? {
        switch statistic {
        case .mean, .rate: summary.meanConfidenceInterval()
        case .percentile: statistic.quantile.flatMap { summary.quantileConfidenceInterval($0) }
        case .min, .max, .count: nil
        }
    }

    static func value(_ statistic: ClaimStatistic, of summary: SampleSummary) -> Double? {
        switch statistic {
        case .min: summary.minimum
        case .max: summary.maximum
        case .mean, .rate: summary.mean
        case .percentile: statistic.quantile.flatMap { summary.quantile($0) }
        case .count: Double(summary.count)
        }
    }

    /// Whether `value` satisfies the condition (bounds compared with a 1 ns / 1e-9 tolerance so
    /// that exactly representable limits hold).
    static func holds(_ condition: ClaimCondition, _ value: Double) -> Bool {
        let epsilon = 1e-9
        switch condition.comparison {
        case .lessOrEqual: return value <= condition.bound + epsilon
        case .less: return value < condition.bound
        case .greaterOrEqual: return value >= condition.bound - epsilon
        case .greater: return value > condition.bound
        case .equal: return abs(value - condition.bound) <= epsilon
        case .within: return value >= condition.bound - epsilon && value <= (condition.upperBound ?? condition.bound) + epsilon
        }
    }

    /// How far `value` lies beyond the condition's bound (0 when it holds); orders violations.
    static func excess(_ condition: ClaimCondition, _ value: Double) -> Double {
        switch condition.comparison {
        case .lessOrEqual, .less: max(0, value - condition.bound)
        case .greaterOrEqual, .greater: max(0, condition.bound - value)
        case .equal: abs(value - condition.bound)
        case .within: max(0, condition.bound - value, value - (condition.upperBound ?? condition.bound))
        }
    }
}
