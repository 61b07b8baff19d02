// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import Foundation
public import Reporting
public import ScenarioFormat
internal import Sessions

/// `beaconsim check` and `beaconsim sweep`: every replication of every grid point (or one
/// shard of them) in parallel, with the same seeds at every point (common random numbers), then
/// a results folder with `replications.jsonl`, `manifest.json` and, for a whole experiment, the
/// summary (`check.json`, or `sweep.csv` + `sweep.json`).
///
/// Work item `i` is replication `i % replications` of point `i / replications`; a shard takes
/// the items `Shard.contains(i)`. Results never depend on the thread count or on sharding.
public struct Experiment: Sendable {
    public var kind: ExperimentKind
    public var template: ScenarioTemplate
    public var grid: SweepGrid
    public var seed: UInt64
    public var replications: Int
    public var threads: Int
    public var shard: Shard
    public var store: ResultsStore
    /// Which replications' timelines and metrics to write beside check.json (whole experiments).
    public var keepTimelines: KeepTimelines = .none
    /// Recorded traffic replacing the synthetic radio for one phone (`check --capture`); nil: none.
    public var capture: CaptureSource?

    /// `check --capture`: a capture and the phone it drives.
    public struct CaptureSource: Sendable {
        public var capture: CaptureReplay
        /// The phone (nil: the scenario's first).
        public var phone: String?
        /// Time after the last observation, so exits can happen (nanoseconds).
        public var tail: Int64

        public init(capture: CaptureReplay, phone: String?, tail: Int64 = 300_000_000_000) {
            self.capture = capture
            self.phone = phone
            self.tail = tail
        }

        /// The run length: the last observation plus the tail.
        var duration: Int64 { CaptureClaims.runLength(of: capture, tail: tail) }
    }

    public init(
        kind: ExperimentKind, template: ScenarioTemplate, grid: SweepGrid, seed: UInt64, replications: Int,
        threads: Int,
        shard: Shard = .whole, store: ResultsStore
    ) {
        self.kind = kind
        self.template = template
        self.grid = grid
        self.seed = seed
        self.replications = replications
        self.threads = threads
        self.shard = shard
        self.store = store
    }

    /// The most work items (points × replications) one experiment runs: the replications limit
    /// (`ScenarioLimits.maximumReplications`), so that its records fit in memory (a limit of this
    /// program; shard a larger study into experiments of its own).
    public static let maximumItems = ScenarioLimits.maximumReplications

    /// Throws `ExperimentError` when the grid and replications exceed `maximumItems`.
    public func checkSize() throws {
        guard let points = grid.boundedCount(limit: Self.maximumItems) else {
            throw ExperimentError("the sweep has more than \(Self.maximumItems) points; use fewer axis values")
        }
        let (items, overflow) = points.multipliedReportingOverflow(by: max(replications, 0))
        guard replications >= 1, !overflow, items <= Self.maximumItems else {
            throw ExperimentError(
                "\(points) point(s) × \(replications) replications is more than \(Self.maximumItems) work items, the most "
                    + "one experiment runs; use fewer replications or points")
        }
    }

    /// The scenario at each point, checking every setting (throws `ScenarioError(setting:message:)`).
    public func scenarios() throws -> [Scenario] {
        let scenarios = try (0..<grid.count).map { try template.applying(grid.settings(at: $0)) }
        guard let capture else { return scenarios }
        return try scenarios.map { try CaptureClaims.reduced($0, phone: capture.phone, duration: capture.duration) }
    }

    /// Runs this experiment's items and writes its folder. Cancelling the calling task keeps
    /// the finished replications: they are written and the manifest says `"interrupted": true`.
    /// Raising `stop` does the same without waiting for the running replications.
    public func execute(stop: StopFlag? = nil, progress: (Int, Int) -> Void = { _, _ in }) async throws
        -> ExperimentOutcome
    {
        try checkSize()
        let started = Date()
        let clock = ContinuousClock.now
        let scenarios = try self.scenarios()
        // Resolved once per grid point (profiles, walks, matches) and shared by its replications.
        let resolved = try scenarios.map(ResolvedScenario.init)
        let replications = self.replications
        let items = (0..<(grid.count * replications)).filter(shard.contains)
        let (seed, store, capture) = (self.seed, self.store, self.capture)
        var folder = ExperimentFolder(
            kind: kind, scenario: capture == nil ? template.base : scenarios[0], grid: grid, seed: seed,
            replications: replications, shard: shard, interrupted: false, mergedFrom: 0)
        if let capture {
            folder.manifestFields = [
                ("capture", JSONText.string(capture.capture.path)),
                ("captureSHA256", JSONText.string(capture.capture.sha256)),
                ("phone", JSONText.string(folder.scenario.phones.first?.name ?? "")),
            ]
        }
        let directory = try store.newRunDirectory(scenario: folder.scenario.name, label: folder.label, now: started)
        let keepAll = keepTimelines == .all && grid.count == 1
        let outputs = try await Replications.jobs(items, threads: threads, stop: stop, progress: progress) { item in
            let point = item / replications
            let replication = item % replications
            let measured = try Self.measure(
                scenarios[point], resolved: resolved[point], seed: seed, replication: replication, capture: capture,
                keepingIn: keepAll ? directory : nil, store: store, stop: stop)
            return ReplicationRecord(point: point, run: measured.run)
        }
        let records = outputs.compactMap { $0 }
        let elapsed = ContinuousClock.now - clock
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        folder.interrupted = records.count < items.count
        var outcome = try folder.write(
            records: records, store: store, startedAt: started, wallSeconds: wall, threads: threads,
            directory: directory)
        if keepAll { outcome.keptReplications = records.map(\.replication) }
        if keepTimelines == .failing, grid.count == 1, shard.isWhole, let scenario = scenarios.first {
            let failing = KeepTimelines.failing(outcome.points.first ?? [])
            _ = try await Replications.jobs(failing, threads: threads) { replication in
                _ = try Self.measure(
                    scenario, resolved: resolved[0], seed: seed, replication: replication, capture: capture,
                    keepingIn: directory, store: store)
            }
            outcome.keptReplications = failing
        }
        return outcome
    }

    /// One replication of `scenario` and the variants its claims run on, measured; with a capture,
    /// its packets drive the (reduced) scenario's phone. `resolved` is `scenario` resolved once for
    /// all its replications; a claim's variant is resolved here. With `keepingIn`, each world's
    /// timeline (streamed as it runs) and metrics are kept below that folder (`KeepTimelines`).
    static func measure(
        _ scenario: Scenario, resolved: ResolvedScenario, seed: UInt64, replication: Int, capture: CaptureSource?,
        keepingIn directory: URL? = nil, store: ResultsStore, stop: StopFlag? = nil
    ) throws -> (run: ClaimRun, worlds: [ReplicationMeasurement.MeasuredWorld]) {
        if let capture {
            let measured = try ReplicationMeasurement.measure(
                scenario, seed: seed, replication: replication, radio: .capture(capture.capture),
                keeping: directory == nil ? .claimRecords : .wholeTrace, stop: stop)
            if let directory {
                try KeepTimelines.write(measured.worlds, seed: seed, replication: replication, in: directory, store: store)
            }
            return measured
        }
        var timelines: [ResultFile] = []
        let measured = try ReplicationMeasurement.measure(
            scenario, seed: seed, replication: replication, radio: .synthetic(resolved: resolved), stop: stop
        ) { variant, _ in
            let timeline = try directory.map {
                try ResultFile(
                    "timeline.jsonl", in: KeepTimelines.folder(replication: replication, variant: variant, in: $0))
            }
            if let timeline { timelines.append(timeline) }
            return .init(timeline: timeline)
        }
        for timeline in timelines { try timeline.commit() }
        if let directory {
            try KeepTimelines.write(
                measured.worlds, seed: seed, replication: replication, in: directory, store: store, timelineWritten: true)
        }
        return measured
    }
}
