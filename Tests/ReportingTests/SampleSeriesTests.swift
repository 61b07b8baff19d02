// SPDX-License-Identifier: GPL-3.0-or-later
import Stochastics
import TestSupport
import Testing
@testable import Reporting

@Suite("SampleSeries")
struct SampleSeriesTests {
    @Test("reads back exactly the samples appended, in order, by iteration and by index")
    func roundTrip() {
        var generator = SplitMix64(seed: 7)
        var samples: [Double] = []
        for _ in 0..<2_000 {  // runs of random lengths, some values recurring later
            let value = [1.0, 0.5, 30, -0.0, 0.0, 1e-9][Int.random(in: 0..<6, using: &generator)]
            samples += Array(repeating: value, count: Int.random(in: 1...5, using: &generator))
        }
        let series = SampleSeries(samples)
        #expect(series.count == samples.count)
        #expect(Array(series).map(\.bitPattern) == samples.map(\.bitPattern))
        #expect(series.indices.map { series[$0].bitPattern } == samples.map(\.bitPattern))
    }

    @Test("a repeated figure is one run: 57,600 ranging intervals of 1 s take one value")
    func compresses() {
        var series = SampleSeries()
        for _ in 0..<57_600 { series.append(1.0) }
        series.append(1.25)
        #expect(series.runCount == 2)
        #expect(series.count == 57_601)
        #expect(series.last == 1.25)
        #expect(SampleSummary(series).quantile(0.5) == 1)
    }

    @Test("equal as arrays are; -0 and +0 stay distinct runs but compare equal; written as JSON exactly")
    func equalityAndJSON() {
        #expect(SampleSeries([0.0, -0.0]) == [0.0, 0.0])
        #expect(SampleSeries([0.0, -0.0]).runCount == 2)
        #expect(SampleSeries([1, 2]) != [1, 2, 2])
        #expect(MetricsWriter.sampleList([1, 1, 0.1 + 0.2, 2.5e-10]) == "[1,1,0.3,0]")
        #expect(MetricsWriter.sampleList([]) == "[]")
    }
}
