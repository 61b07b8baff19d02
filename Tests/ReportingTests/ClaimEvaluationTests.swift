// SPDX-License-Identifier: GPL-3.0-or-later
import Reporting
import ScenarioFormat
import Testing

/// The evaluator of each claim form, on hand-made metrics and traces whose answers are known.
@Suite("Claim evaluation")
struct ClaimEvaluationTests {
    /// A run whose `store` region measured `latencies` (seconds) of `metric`, and `exits` exits.
    static func run(_ replication: Int, latencies: [Double] = [], exits: Int = 0, metric: ClaimMetric = .exitLatencyFromZone)
        -> ClaimRun
    {
        var metrics = RegionMetrics(phone: "alice", region: "store", zone: "store")
        metrics.latencies[metric] = SampleSeries(latencies)
        metrics.counts[.exits] = exits
        return ClaimRun(replication: replication, metrics: [metrics])
    }

    static func claim(_ metric: ClaimMetric, _ conditions: [ClaimCondition]) -> ClaimSpec {
        ClaimSpec(phone: "alice", region: "store", metric: metric, conditions: conditions)
    }

    @Test("percentiles: type-7 quantiles and order-statistic intervals, for p5, p50 and p99.9")
    func percentiles() throws {
        // 1 … 10 s over two runs: p50 = 5.5, p5 = 1 + 0.05·9 = 1.45, p99.9 = 9 + 0.991 = 9.991;
        // the p50 interval brackets ranks 2 and 9 (Binomial(10, ½): P(B ≤ 1) = 0.011, P(B ≤ 8) = 0.989).
        let runs = [Self.run(0, latencies: [1, 2, 3, 4, 5]), Self.run(1, latencies: [6, 7, 8, 9, 10])]
        let conditions = [ClaimStatistic.percentile(5), .p50, .percentile(99.9)].map {
            ClaimCondition(statistic: $0, comparison: .lessOrEqual, bound: 9.5, text: "<= 9.5s")
        }
        let outcome = ClaimEvaluator.evaluate(Self.claim(.exitLatencyFromZone, conditions), runs: runs)
        let values = outcome.conditions.compactMap(\.measured)
        #expect(abs(values[0] - 1.45) < 1e-12 && values[1] == 5.5 && abs(values[2] - 9.991) < 1e-12)
        #expect(outcome.conditions[1].interval == 2...9)
        #expect(outcome.conditions.map(\.passed) == [true, true, false])
        #expect(outcome.conditions[2].violations.map(\.replication) == [1], "run 1's own p99.9 is 9.996 s")
        #expect(outcome.conditions.allSatisfy { $0.sampleCount == 10 })
    }

    @Test("violations list the replications whose own value breaks the bound, worst first")
    func violations() {
        let runs = [0.5, 3, 9, 1, 9].enumerated().map { Self.run($0, latencies: [$1]) }
        let condition = ClaimCondition(statistic: .max, comparison: .lessOrEqual, bound: 2, text: "<= 2s")
        let outcome = ClaimEvaluator.evaluate(Self.claim(.exitLatencyFromZone, [condition]), runs: runs)
        #expect(!outcome.passed)
        #expect(outcome.conditions[0].violations.map(\.replication) == [2, 4, 1], "ties keep replication order")
        #expect(outcome.conditions[0].violations.map(\.value) == [9, 9, 3])
        let mean = ClaimCondition(statistic: .mean, comparison: .greaterOrEqual, bound: 1, text: ">= 1")
        let counts = [0, 2, 1].enumerated().map { Self.run($0, exits: $1) }
        let exits = ClaimEvaluator.evaluate(Self.claim(.exits, [mean]), runs: counts)
        #expect(exits.passed && exits.conditions[0].measured == 1)
        #expect(exits.conditions[0].violations.map(\.replication) == [0], "listed even when the claim holds overall")
    }

    @Test("anyOf holds when a part holds, allOf when all do; parts keep their own outcomes")
    func compounds() {
        let runs = [Self.run(0, latencies: [4], exits: 1)]
        let holds = Self.claim(.exitLatencyFromZone, [.init(statistic: .max, comparison: .lessOrEqual, bound: 5, text: "<= 5s")])
        let fails = Self.claim(.exits, [.init(statistic: .mean, comparison: .equal, bound: 0, text: "== 0")])
        let any = ClaimEvaluator.evaluate(ClaimSpec(.anyOf([fails, holds])), runs: runs)
        let all = ClaimEvaluator.evaluate(ClaimSpec(.allOf([fails, holds])), runs: runs)
        #expect(any.passed && !all.passed)
        #expect(any.parts.map(\.passed) == [false, true] && all.parts.map(\.passed) == [false, true])
        #expect(all.leaves.map(\.path) == ["allOf[1]", "allOf[2]"])
        let nested = ClaimEvaluator.evaluate(ClaimSpec(.allOf([ClaimSpec(.anyOf([fails, holds])), holds])), runs: runs)
        #expect(nested.passed && nested.leaves.map(\.path) == ["allOf[1].anyOf[1]", "allOf[1].anyOf[2]", "allOf[2]"])
    }

    @Test("a comparison takes per-replication differences (each side's mean in the run) and a paired t-interval")
    func comparison() throws {
        // Variant minus base per replication: 30 − 4, 34 − 6, 26 − 5 = 26, 28, 21.
        let base = [[4.0], [6.0], [5.0]]
        let variant = [[29.0, 31.0], [34.0], [26.0]]
        let claim = Self.variantVersusBase(.init(statistic: .mean, comparison: .greaterOrEqual, bound: 25, text: ">= 25s"))
        let outcome = ClaimEvaluator.evaluate(claim, runs: Self.pairedRuns(base: base, variant: variant))
        let condition = try #require(outcome.conditions.first)
        #expect(condition.measured == 25 && condition.sampleCount == 3 && condition.passed)
        // s = √13 (deviations 1, 3, −4), t(0.975, 2) = 4.3027: 25 ± 4.3027·√13/√3.
        let half = 4.302652729911275 * 13.0.squareRoot() / 3.0.squareRoot()
        let interval = try #require(condition.interval)
        #expect(abs(interval.lowerBound - (25 - half)) < 1e-9 && abs(interval.upperBound - (25 + half)) < 1e-9)
        #expect(condition.violations.map(\.replication) == [2], "only replication 2's difference (21 s) is below 25 s")
    }

    @Test("a comparison skips replications where either side has no sample")
    func comparisonPairs() {
        let claim = Self.variantVersusBase(.init(statistic: .count, comparison: .equal, bound: 1, text: "== 1"))
        let outcome = ClaimEvaluator.evaluate(claim, runs: Self.pairedRuns(base: [[], [1]], variant: [[3], [3]]))
        #expect(outcome.passed && outcome.conditions.first?.measured == 1)
    }

    /// Runs whose base and `withTask` variant measured these `rangingInterval` samples.
    static func pairedRuns(base: [[Double]], variant: [[Double]]) -> [ClaimRun] {
        zip(base, variant).enumerated().map { index, pair in
            var run = run(index, latencies: pair.0, metric: .rangingInterval)
            run.variantMetrics["withTask"] = Self.run(index, latencies: pair.1, metric: .rangingInterval).metrics
            return run
        }
    }

    /// alice/store's `rangingInterval` on `withTask` versus the base, with one condition.
    static func variantVersusBase(_ condition: ClaimCondition) -> ClaimSpec {
        let side = ClaimSide(phone: "alice", region: "store", variant: "withTask", quantity: .metric(.rangingInterval))
        var versus = side
        versus.variant = nil
        return ClaimSpec(.measured(MeasuredClaim(side: side, versus: versus, conditions: [condition])))
    }
}
