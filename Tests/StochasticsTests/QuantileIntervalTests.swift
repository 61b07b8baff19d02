// SPDX-License-Identifier: GPL-3.0-or-later
import Stochastics
import Testing

@Suite("quantile confidence intervals")
struct QuantileIntervalTests {
    @Test("the median of 1…100 has the classical 95 % interval X(40)…X(61)")
    func median() throws {
        let summary = SampleSummary((1...100).map(Double.init).reversed())
        let interval = try #require(summary.quantileConfidenceInterval(0.5))
        #expect(interval == 40...61)
    }

    @Test("a high quantile's interval brackets the estimate and clamps at the maximum")
    func tail() throws {
        let summary = SampleSummary((1...20).map(Double.init))
        let interval = try #require(summary.quantileConfidenceInterval(0.95))
        let estimate = try #require(summary.quantile(0.95))
        #expect(interval.contains(estimate))
        #expect(interval.upperBound == 20)
        #expect(SampleSummary([1]).quantileConfidenceInterval(0.5) == nil)
    }
}
