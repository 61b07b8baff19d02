// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Reporting
import ScenarioFormat
import Testing

@Suite("streamed trace")
struct StreamingTests {
    /// Keeps what a recorder is given, to compare with a run that kept its own trace.
    final class Collector: TraceRecorder {
        var records: [TraceRecord] = []
        let metrics: MetricsAccumulator
        init(_ scenario: Scenario) { metrics = MetricsAccumulator(scenario: scenario) }
        func record(_ record: TraceRecord) {
            records.append(record)
            metrics.record(record)
        }
    }

    @Test(
        "a recorder gets the same records, in order, as a run that keeps them; online metrics equal the computed ones",
        arguments: [InitialAppState.background, .foreground])
    func sameRecordsAndMetrics(state: InitialAppState) throws {
        let scenario = StoreScenario.make(initialState: state, ranging: state == .foreground, beaconOffAt: 400_000_000_000)
        let kept = try World(scenario: scenario, seed: 5).run()
        let collector = Collector(scenario)
        let streamed = try World(scenario: scenario, seed: 5).run(recordingTo: collector)
        #expect(streamed.trace.isEmpty)
        #expect(!kept.trace.isEmpty)
        #expect(collector.records == kept.trace)
        #expect(collector.metrics.finish() == MetricsCalculator.compute(scenario: scenario, result: kept))
        #expect(streamed.packetsReceived == kept.packetsReceived)
    }
}
