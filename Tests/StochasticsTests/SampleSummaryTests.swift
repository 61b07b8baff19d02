// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import Stochastics

@Suite("SampleSummary")
struct SampleSummaryTests {
    @Test("quantiles interpolate between order statistics (type 7)")
    func quantiles() {
        let summary = SampleSummary([4, 1, 3, 2, 5])
        #expect(summary.quantile(0) == 1)
        #expect(summary.quantile(0.5) == 3)
        #expect(summary.quantile(0.95) == 4.8)
        #expect(summary.quantile(1) == 5)
        #expect(summary.mean == 3)
        #expect(summary.minimum == 1 && summary.maximum == 5)
    }

    @Test("t interval: hand-computed for n = 5")
    func tInterval() throws {
        // mean 3, sd √2.5 = 1.5811; t(0.975, 4) = 2.7764 → half-width 1.9632.
        let interval = try #require(SampleSummary([1, 2, 3, 4, 5]).meanConfidenceInterval(level: 0.95))
        #expect(abs(interval.lowerBound - (3 - 1.96324)) < 1e-4)
        #expect(abs(interval.upperBound - (3 + 1.96324)) < 1e-4)
    }

    @Test("empty and single samples give nil where undefined")
    func degenerate() {
        #expect(SampleSummary([]).mean == nil)
        #expect(SampleSummary([1]).standardDeviation == nil)
        #expect(SampleSummary([1]).meanConfidenceInterval() == nil)
    }

    @Test("Wilson interval for 0 of 100 and 50 of 100")
    func wilson() throws {
        let zero = try #require(ProbabilityFunctions.wilsonInterval(successes: 0, trials: 100))
        #expect(zero.lowerBound == 0 && abs(zero.upperBound - 0.0370) < 1e-3)
        let half = try #require(ProbabilityFunctions.wilsonInterval(successes: 50, trials: 100))
        #expect(abs(half.lowerBound - 0.4038) < 1e-3 && abs(half.upperBound - 0.5962) < 1e-3)
    }
}
