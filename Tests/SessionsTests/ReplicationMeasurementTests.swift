// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat
import Sessions
import Testing

/// `ReplicationMeasurement.measure`, the one function that builds and runs a replication's worlds
/// for run, check, sweep, compare and the kit: the same worlds, bytes and metrics as a world built
/// and run by hand, the variants its claims need, and the stop flag.
@Suite("measuring one replication")
struct ReplicationMeasurementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Scenarios/claims/claim-forms.yaml (20 min, one phone; its claims use the variant `withTask`)
    /// shortened to `minutes`.
    static func claimForms(minutes: Int64 = 5) throws -> Scenario {
        var scenario = try ScenarioLoader.load(
            path: root.appendingPathComponent("Scenarios/claims/claim-forms.yaml").path)
        scenario.duration = minutes * 60_000_000_000
        for index in scenario.variants.indices { scenario.variants[index].scenario.duration = scenario.duration }
        return scenario
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("measure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// What the old paths did by hand for one world: build it, stream its records into a timeline
    /// and the online metrics, keep the claims' events.
    static func byHand(_ scenario: Scenario, claims: [ClaimSpec], seed: UInt64, replication: Int, timeline: ResultFile)
        throws -> (result: RunResult, metrics: [RegionMetrics])
    {
        let world = try World(scenario: scenario, seed: seed, replication: replication)
        let metrics = MetricsAccumulator(scenario: scenario)
        let recording = RunRecording(
            timeline: timeline, metrics: metrics, keeping: EventMeasure.eventNames(claims: claims))
        var result = world.run(recordingTo: recording)
        result.trace = recording.kept
        return (result, metrics.finish())
    }

    @Test(
        "the scenario as written, then each variant its claims name, each as a world built by hand: same timeline bytes, metrics and kept records"
    )
    func sameAsByHand() throws {
        let scenario = try Self.claimForms()
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var timelines: [ResultFile] = []
        let measured = try ReplicationMeasurement.measure(scenario, seed: 7, replication: 3) { variant, _ in
            let file = try ResultFile("measured-\(variant ?? "base").jsonl", in: folder)
            timelines.append(file)
            return .init(timeline: file)
        }
        for file in timelines { try file.commit() }
        #expect(measured.worlds.map(\.variant) == [nil, "withTask"])
        for world in measured.worlds {
            let name = world.variant ?? "base"
            let file = try ResultFile("by-hand-\(name).jsonl", in: folder)
            let expected = try Self.byHand(
                try #require(scenario.variant(world.variant)), claims: scenario.expect, seed: 7, replication: 3,
                timeline: file)
            try file.commit()
            let measuredBytes = try Data(contentsOf: folder.appendingPathComponent("measured-\(name).jsonl"))
            let byHandBytes = try Data(contentsOf: folder.appendingPathComponent("by-hand-\(name).jsonl"))
            #expect(!measuredBytes.isEmpty)
            #expect(measuredBytes == byHandBytes, "\(name)")
            #expect(world.metrics == expected.metrics, "\(name)")
            #expect(world.result.trace == expected.result.trace, "\(name)")
            #expect(world.result.packetsSent == expected.result.packetsSent, "\(name)")
            #expect(world.result.eventsHandled == expected.result.eventsHandled, "\(name)")
        }
        #expect(measured.run.replication == 3)
        #expect(measured.run.metrics == measured.worlds[0].metrics)
        #expect(measured.run.variantMetrics["withTask"] == measured.worlds[1].metrics)
    }

    @Test("a resolved scenario gives the same run as one resolved here; .asWritten runs only the scenario as written")
    func resolvedAndAsWritten() throws {
        let scenario = try Self.claimForms(minutes: 3)
        let here = try ReplicationMeasurement.measure(scenario, seed: 11, replication: 1)
        let shared = try ReplicationMeasurement.measure(
            scenario, seed: 11, replication: 1, radio: .synthetic(resolved: try ResolvedScenario(scenario)))
        #expect(here.run == shared.run)
        let alone = try ReplicationMeasurement.measure(scenario, seed: 11, replication: 1, worlds: .asWritten)
        #expect(alone.worlds.map(\.variant) == [nil])
        #expect(alone.run.metrics == here.run.metrics)
        #expect(alone.run.variantMetrics.isEmpty)
    }

    @Test("`also` adds a variant no claim names, once; the base name adds nothing")
    func alsoAddsAVariant() throws {
        var scenario = try Self.claimForms(minutes: 2)
        scenario.expect = scenario.expect.filter { claim in claim.leaves.allSatisfy { $0.side.variant == nil } }
        #expect(try ReplicationMeasurement.measure(scenario, seed: 1, replication: 0).worlds.count == 1)
        let also = try ReplicationMeasurement.measure(scenario, seed: 1, replication: 0, worlds: .claimed(also: "withTask"))
        #expect(also.worlds.map(\.variant) == [nil, "withTask"])
        let base = try ReplicationMeasurement.measure(
            scenario, seed: 1, replication: 0, worlds: .claimed(also: ScenarioVariant.baseName))
        #expect(base.worlds.map(\.variant) == [nil])
    }

    @Test("the whole trace keeps every record and its metrics equal the online ones")
    func wholeTraceAgreesWithOnline() throws {
        let scenario = try Self.claimForms(minutes: 3)
        let online = try ReplicationMeasurement.measure(scenario, seed: 5, replication: 2)
        let whole = try ReplicationMeasurement.measure(scenario, seed: 5, replication: 2, keeping: .wholeTrace)
        #expect(whole.run == online.run)
        for (kept, all) in zip(online.worlds, whole.worlds) {
            #expect(all.result.trace.count > kept.result.trace.count)
            let names = EventMeasure.eventNames(claims: scenario.expect)
            #expect(all.result.trace.filter { names.contains($0.event.name) } == kept.result.trace)
        }
    }

    @Test("a raised stop flag ends the running world and throws Stopped")
    func stopThrows() throws {
        let scenario = try Self.claimForms(minutes: 20)
        let stop = StopFlag()
        stop.raise()
        #expect(throws: StopFlag.Stopped.self) {
            try ReplicationMeasurement.measure(scenario, seed: 1, replication: 0, stop: stop)
        }
    }

    @Test("with returnWhatRan a raised stop flag returns the world that ran, marked stopped, and no variant after it")
    func stopReturnsWhatRan() throws {
        let scenario = try Self.claimForms(minutes: 20)
        #expect(!ReplicationMeasurement.variants(of: scenario.expect, in: scenario).isEmpty)
        let stop = StopFlag()
        stop.raise()
        let stopped = try ReplicationMeasurement.measure(
            scenario, seed: 1, replication: 0, stop: stop, whenStopped: .returnWhatRan)
        #expect(stopped.worlds.map(\.variant) == [nil])
        #expect(stopped.worlds.map(\.stoppedEarly) == [true])
        let whole = try ReplicationMeasurement.measure(scenario, seed: 1, replication: 0, whenStopped: .returnWhatRan)
        #expect(whole.worlds.count > 1 && whole.worlds.allSatisfy { !$0.stoppedEarly })
        #expect(stopped.worlds[0].result.eventsHandled < whole.worlds[0].result.eventsHandled)
    }
}
