// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
internal import Stochastics

/// Evaluates `expect:` claims over the metrics of many runs.
///
/// Latency statistics pool every event of every run; count statistics take one value per run
/// (summed over the selected phones and regions); `rate` is the total count over the total
/// opportunities (`missedExits`, `missedEntries`) or over the runs (other counts).
public enum ClaimEvaluator {
    public static func evaluate(_ claim: ClaimSpec, runs: [[RegionMetrics]]) -> ClaimOutcome {
        let selected = runs.map { run in
            run.filter { entry in
                (claim.phone == nil || entry.phone == claim.phone)
                    && (claim.metric == .notifications ? entry.region == nil : entry.region != nil)
                    && (claim.region == nil || claim.metric == .notifications || entry.region == claim.region)
            }
        }
        let conditions = claim.conditions.map { condition in
            claim.metric.isSample
                ? latencyOutcome(condition, samples: selected.flatMap { $0.flatMap { $0.latencies[claim.metric] ?? [] } })
                : countOutcome(condition, metric: claim.metric, runs: selected)
        }
        return ClaimOutcome(claim: claim, conditions: conditions, runs: runs.count)
    }

    private static func latencyOutcome(_ condition: ClaimCondition, samples: [Double]) -> ConditionOutcome {
        let summary = SampleSummary(samples)
        let measured = statistic(condition.statistic, of: summary)
        let interval = interval(condition.statistic, of: summary)
        return ConditionOutcome(
            condition: condition, measured: measured, interval: interval, sampleCount: summary.count,
            passed: measured.map { holds(condition, $0) } ?? false)
    }

    private static func countOutcome(_ condition: ClaimCondition, metric: ClaimMetric, runs: [[RegionMetrics]])
        -> ConditionOutcome
    {
        let perRun = runs.map { Double($0.reduce(0) { $0 + ($1.counts[metric] ?? 0) }) }
        if condition.statistic == .rate {
            let total = Int(perRun.reduce(0, +))
            let usesOpportunities = metric == .missedExits || metric == .missedEntries || metric == .wrongNearest
            let trials =
                usesOpportunities ? runs.reduce(0) { $0 + $1.reduce(0) { $0 + ($1.opportunities[metric] ?? 0) } } : runs.count
            guard trials > 0 else {
                return ConditionOutcome(condition: condition, measured: nil, interval: nil, sampleCount: 0, passed: false)
            }
            let rate = Double(total) / Double(trials)
            let interval =
                usesOpportunities
                ? ProbabilityFunctions.wilsonInterval(successes: total, trials: trials)
                : SampleSummary(perRun).meanConfidenceInterval()
            return ConditionOutcome(
                condition: condition, measured: rate, interval: interval, sampleCount: trials, passed: holds(condition, rate))
        }
        let summary = SampleSummary(perRun)
        let measured = statistic(condition.statistic, of: summary)
        return ConditionOutcome(
            condition: condition, measured: measured,
            interval: interval(condition.statistic, of: summary), sampleCount: summary.count,
            passed: measured.map { holds(condition, $0) } ?? false)
    }

    /// 95 % interval of a statistic: t-interval of a mean, order-statistic interval of a quantile,
    /// none for extremes and counts.
    static func interval(_ statistic: ClaimStatistic, of summary: SampleSummary) -> ClosedRange<Double>? {
        switch statistic {
        case .mean, .rate: summary.meanConfidenceInterval()
        case .p50: summary.quantileConfidenceInterval(0.5)
        case .p90: summary.quantileConfidenceInterval(0.9)
        case .p95: summary.quantileConfidenceInterval(0.95)
        case .p99: summary.quantileConfidenceInterval(0.99)
        case .min, .max, .count: nil
        }
    }

    static func statistic(_ statistic: ClaimStatistic, of summary: SampleSummary) -> Double? {
        switch statistic {
        case .min: summary.minimum
        case .max: summary.maximum
        case .mean: summary.mean
        case .p50: summary.quantile(0.5)
        case .p90: summary.quantile(0.9)
        case .p95: summary.quantile(0.95)
        case .p99: summary.quantile(0.99)
        case .count: Double(summary.count)
        case .rate: summary.mean
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
}
