// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import Stochastics

@Suite("RandomStream")
struct RandomStreamTests {
    @Test("same (seed, replication, label) gives the same numbers")
    func reproducible() {
        let a = RandomStream(seed: 7, replication: 3, label: "beacon/door")
        let b = RandomStream(seed: 7, replication: 3, label: "beacon/door")
        #expect((0..<100).map { _ in a.uniform() } == (0..<100).map { _ in b.uniform() })
    }

    @Test("streams differ by seed, replication and label")
    func independentStreams() {
        let base = (0..<10).map { _ in RandomStream(seed: 7, replication: 0, label: "x").uniform() }
        let first = { (s: RandomStream) in s.uniform() }
        #expect(first(RandomStream(seed: 8, replication: 0, label: "x")) != base[0])
        #expect(first(RandomStream(seed: 7, replication: 1, label: "x")) != base[0])
        #expect(first(RandomStream(seed: 7, replication: 0, label: "y")) != base[0])
    }

    /// Mean of n draws of N(μ, σ) has SD σ/√n; 5 SDs gives a false-failure rate below 1e-6 even
    /// though the seed is fixed.
    @Test("normal draws have the requested mean and SD", arguments: [(0.0, 1.0), (-59.0, 4.0)])
    func normalMoments(mean: Double, sd: Double) {
        let stream = RandomStream(seed: 1, replication: 0, label: "normal")
        let n = 20_000
        let summary = SampleSummary((0..<n).map { _ in stream.normal(mean: mean, sd: sd) })
        let tolerance = 5 * sd / Double(n).squareRoot()
        #expect(abs((summary.mean ?? .nan) - mean) < tolerance)
        // SD of the sample SD ≈ σ/√(2n).
        #expect(abs((summary.standardDeviation ?? .nan) - sd) < 5 * sd / (2 * Double(n)).squareRoot())
    }

    @Test("log-normal draws have the requested median")
    func logNormal() {
        let stream = RandomStream(seed: 2, replication: 0, label: "ln")
        let draws = (0..<20_000).map { _ in stream.logNormal(median: 4, logSD: 0.67) }
        #expect(draws.allSatisfy { $0 > 0 })
        // The sample median of n = 20 000 has SD ≈ 1.2533·σ·median/√n ≈ 0.024; tolerance ≈ 6 SDs.
        let median = SampleSummary(draws).quantile(0.5) ?? .nan
        #expect(abs(median - 4) < 0.15)
    }

    @Test("bernoulli rate within 5 binomial SDs")
    func bernoulli() {
        let stream = RandomStream(seed: 3, replication: 0, label: "b")
        let n = 50_000
        let hits = (0..<n).filter { _ in stream.bernoulli(0.05) }.count
        let sd = (Double(n) * 0.05 * 0.95).squareRoot()
        #expect(abs(Double(hits) - 0.05 * Double(n)) < 5 * sd)
    }
}

@Suite("TruncatedLogNormal")
struct TruncatedLogNormalTests {
    let distribution = TruncatedLogNormal(median: 4, logSD: 0.67, lower: 1, upper: 15)

    @Test("draws stay strictly inside the range, none on a limit, and their mean matches the closed form")
    func drawsAndMean() {
        let stream = RandomStream(seed: 3, replication: 0, label: "truncated")
        let n = 20_000
        let draws = (0..<n).map { _ in distribution.sample(stream) }
        #expect(draws.allSatisfy { $0 > 1 && $0 < 15 })
        let summary = SampleSummary(draws)
        // 5 standard errors: a false failure below 1e-6.
        let mean = summary.mean ?? 0
        let sd = summary.standardDeviation ?? 0
        #expect(abs(mean - distribution.mean) < 5 * sd / Double(n).squareRoot())
        #expect(distribution.mean > 4.6 && distribution.mean < 5.0)
    }

    @Test("the CDF runs from 0 at the lower limit to 1 at the upper, and the quantile inverts it")
    func cdfAndQuantile() {
        #expect(distribution.cdf(1) == 0)
        #expect(distribution.cdf(15) == 1)
        #expect(abs(distribution.cdf(distribution.quantile(0.3)) - 0.3) < 1e-9)
        #expect(abs(distribution.quantile(0.5) - 4) < 0.2)  // the limits cut about as much on each side
    }

    @Test("without spread it is the median, kept inside the range")
    func degenerate() {
        let stream = RandomStream(seed: 1, replication: 0, label: "d")
        #expect(TruncatedLogNormal(median: 7, logSD: 0, lower: 1, upper: 15).sample(stream) == 7)
        #expect(TruncatedLogNormal(median: 20, logSD: 0, lower: 1, upper: 15).sample(stream) == 15)
    }
}
