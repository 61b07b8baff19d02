// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import Dispatch
internal import Foundation
internal import Reporting
internal import ScenarioFormat
internal import SimulationCore
internal import Synchronization

/// One replication's world run as phone shards (`PhoneShards`) side by side, with the results
/// one world would have given: each shard is a world of every beacon and a range of the phones,
/// run on its own thread with its own metrics; its timeline and track lines go to scratch files
/// (`ShardSpill`) with the key that places them, and once every shard is done they are merged in
/// key order into the run's files. Records of one instant are in phone order in every world
/// (`TraceLog`), so the merge is the whole world's order. Metrics are per phone, so the shards'
/// lists, in shard order, are the whole world's list. The beacons' own records (power, address
/// rotation) are taken from the first shard only; packets sent are the beacons' and the same in
/// every shard; packets received, link evaluations and events handled add up over the shards.
enum ShardedReplication {
    /// Where a sharded world's outputs go and how it runs.
    struct Plan: Sendable {
        var scenario: Scenario
        var shards: PhoneShards
        var seed: UInt64
        var replication: Int
        var mode: LoopMode
        var keptEvents: Set<String>
        var stop: StopFlag?
        /// The results folder (for the scratch files); nil: nothing is written.
        var directory: URL?
        var timeline: Bool
        var ranging: OutputSpec.Ranging
        var track: TrackSettings?
    }

    /// How the track samples (`ReplicationMeasurement.TrackSink` without its file).
    struct TrackSettings: Sendable {
        var interval: SimDuration
        var onlyChanges: Bool
        var rssiThreshold: Int?
        var listsOnlyThreshold: Bool
    }

    /// What one shard produced. Handed from the shard's thread to the merging one once the
    /// shard is done (the spills are not touched by the shard after that).
    final class Outcome: @unchecked Sendable {
        let result: RunResult
        let metrics: [RegionMetrics]
        let kept: [TraceRecord]
        let timeline: ShardSpill?
        let track: ShardSpill?
        let stoppedEarly: Bool

        init(
            result: RunResult, metrics: [RegionMetrics], kept: [TraceRecord], timeline: ShardSpill?, track: ShardSpill?,
            stoppedEarly: Bool
        ) {
            (self.result, self.metrics, self.kept) = (result, metrics, kept)
            (self.timeline, self.track, self.stoppedEarly) = (timeline, track, stoppedEarly)
        }
    }

    /// Runs `plan`'s shards (as many at once as the machine has cores) and merges them: the
    /// timeline into `timeline`, the track into `track`. Returns what one world would have:
    /// its result (kept records in order), its metrics, and whether `stop` ended it early.
    /// Throws the first shard's error (in shard order), or a scratch or merge error.
    static func run(_ plan: Plan, timeline: ResultFile?, track: ResultFile?) throws -> (
        result: RunResult, metrics: [RegionMetrics], stoppedEarly: Bool
    ) {
        let outcomes = Mutex<[Result<Outcome, any Error>?]>(Array(repeating: nil, count: plan.shards.count))
        DispatchQueue.concurrentPerform(iterations: plan.shards.count) { shard in
            let outcome = Result { try runShard(shard, of: plan) }
            outcomes.withLock { $0[shard] = outcome }
        }
        let shards = try outcomes.withLock { all in try all.map { try ($0 ?? .failure(CancellationError())).get() } }
        if let timeline { try merge(shards.compactMap(\.timeline), into: timeline) }
        if let track { try merge(shards.compactMap(\.track), into: track) }
        var result = RunResult(
            replication: plan.replication, seed: plan.seed, trace: mergeKept(shards.map(\.kept), plan: plan),
            packetsSent: shards[0].result.packetsSent, packetsReceived: shards.reduce(0) { $0 + $1.result.packetsReceived },
            eventsHandled: shards.reduce(0) { $0 + $1.result.eventsHandled })
        result.linkEvaluations = shards.reduce(0) { $0 + $1.result.linkEvaluations }
        return (result, shards.flatMap(\.metrics), shards.contains { $0.stoppedEarly })
    }

    /// Builds and runs shard `shard`'s world: the scenario with that range of phones.
    private static func runShard(_ shard: Int, of plan: Plan) throws -> Outcome {
        let range = plan.shards.ranges[shard]
        var part = plan.scenario
        part.phones = Array(plan.scenario.phones[range])
        let world = try World(scenario: part, seed: plan.seed, replication: plan.replication)
        world.stop = plan.stop
        let timeline = try plan.directory.flatMap { plan.timeline ? try ShardSpill(in: $0, name: "timeline-\(shard)") : nil }
        var track: (spill: ShardSpill, recorder: TrackRecorder)?
        if let settings = plan.track, let directory = plan.directory {
            let spill = try ShardSpill(in: directory, name: "track-\(shard)")
            let (phones, beacons) = (world.phoneNames.map(TrackWriter.quoted), world.beaconNames.map(TrackWriter.quoted))
            let recorder = TrackRecorder(
                world: world, interval: settings.interval, onlyChanges: settings.onlyChanges,
                rssiThreshold: settings.rssiThreshold, listsOnlyThreshold: settings.listsOnlyThreshold
            ) { sample in
                let key = ShardSpill.Key(time: sample.time.nanoseconds, rank: Int32(range.lowerBound + sample.phone))
                spill.append(key) { TrackWriter.write(sample, phone: phones[sample.phone], beaconNames: beacons, into: &$0) }
            }
            track = (spill, recorder)
        }
        let metrics = MetricsAccumulator(scenario: part)
        let recording = ShardRecording(
            timeline: timeline, ranging: plan.ranging, metrics: metrics, keeping: plan.keptEvents,
            firstPhone: range.lowerBound, phones: part.phones.map(\.name), keepsWorldRecords: shard == 0)
        let result = world.run(recordingTo: recording, mode: plan.mode)
        track?.recorder.finish(at: SimTime(nanoseconds: plan.scenario.duration))
        try timeline?.finish()
        try track?.spill.finish()
        return Outcome(
            result: result, metrics: metrics.finish(), kept: recording.kept, timeline: timeline, track: track?.spill,
            stoppedEarly: world.stoppedEarly)
    }

    /// Writes the lines of `spills` into `file` in key order (equal keys: each spill's own order).
    static func merge(_ spills: [ShardSpill], into file: ResultFile) throws {
        let readers = try spills.map { try ShardSpill.Reader($0) }
        while true {
            var best: (index: Int, key: ShardSpill.Key)?
            for (index, reader) in readers.enumerated() {
                guard let key = reader.key else { continue }
                if best.map({ key < $0.key }) ?? true { best = (index, key) }
            }
            guard let best else { return }
            let line = readers[best.index].line
            file.write { $0.append(contentsOf: line) }
            try readers[best.index].advance()
        }
    }

    /// The shards' kept records as one list in the timeline's order (time, then phone; the
    /// world's own records first).
    static func mergeKept(_ lists: [[TraceRecord]], plan: Plan) -> [TraceRecord] {
        let ranks = Dictionary(
            plan.scenario.phones.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        let keyed = lists.enumerated().flatMap { shard, records in
            records.enumerated().map { position, record in
                (
                    time: record.time, rank: record.phone.flatMap { ranks[$0] } ?? -1, shard: shard, position: position,
                    record: record
                )
            }
        }
        return keyed.sorted { ($0.time, $0.rank, $0.shard, $0.position) < ($1.time, $1.rank, $1.shard, $1.position) }
            .map(\.record)
    }
}

/// A phone shard's records as they are produced: each written to the shard's timeline spill
/// under its key, fed to the shard's metrics, kept when a claim's event matches. The world's own
/// records (no phone) only in the first shard, which stands for every shard's copy of them.
final class ShardRecording: TraceRecorder {
    private let timeline: ShardSpill?
    private let ranging: OutputSpec.Ranging
    private let metrics: MetricsAccumulator
    private let keeping: Set<String>
    /// This shard's phone names → their place in the whole scenario.
    private let ranks: [String: Int32]
    private let keepsWorldRecords: Bool
    private(set) var kept: [TraceRecord] = []

    init(
        timeline: ShardSpill?, ranging: OutputSpec.Ranging, metrics: MetricsAccumulator, keeping: Set<String>,
        firstPhone: Int, phones: [String], keepsWorldRecords: Bool
    ) {
        self.timeline = timeline
        self.ranging = ranging
        self.metrics = metrics
        self.keeping = keeping
        ranks = Dictionary(
            phones.enumerated().map { ($1, Int32(firstPhone + $0)) }, uniquingKeysWith: { first, _ in first })
        self.keepsWorldRecords = keepsWorldRecords
    }

    func record(_ record: TraceRecord) {
        let rank = record.phone.map { ranks[$0] ?? .max } ?? -1
        if rank < 0, !keepsWorldRecords { return }
        if keeping.contains(record.event.name) { kept.append(record) }
        metrics.record(record)
        timeline?.append(ShardSpill.Key(time: record.time.nanoseconds, rank: rank)) {
            TimelineWriter.write(record, ranging: ranging, into: &$0)
        }
    }
}
