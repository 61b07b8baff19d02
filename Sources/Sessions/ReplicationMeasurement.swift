// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Reporting
public import ScenarioFormat
public import SimulationCore

/// One replication measured for claims: the scenario as written and each variant the claims run
/// on, all with the same seed and replication number (common random numbers), then metrics and
/// event samples of each (`ClaimRun`).
///
/// `measure` is the one place that builds and runs the worlds of a replication: `run`, `check`,
/// `sweep`, `compare`, `replay`, `check --capture` and the kit (`BeaconSimKit.Simulation`) all
/// call it (`listen` its `measure(session:through:)`), and Reporting's writers only receive what it produced.
public enum ReplicationMeasurement {
    /// One simulated world of the replication.
    public struct MeasuredWorld: Sendable {
        /// nil = the scenario as written.
        public var variant: String?
        public var scenario: Scenario
        public var result: RunResult
        public var metrics: [RegionMetrics]
        /// `stop` ended this world early (`WhenStopped.returnWhatRan`): its result is what ran.
        public var stoppedEarly = false
    }

    /// What `measure` does when `stop` ends a world early.
    public enum WhenStopped: Sendable {
        /// Throws `StopFlag.Stopped`: an incomplete replication is not recorded (`check`, `sweep`).
        case throwStopped
        /// Returns the worlds that ran, the stopped one last (`MeasuredWorld.stoppedEarly`): a
        /// session's folder keeps what ran (`replay`).
        case returnWhatRan
    }

    /// What drives the phones' radios.
    public enum Radio: Sendable {
        /// The synthetic medium; `resolved` is the scenario as written already resolved (shared by
        /// its replications; nil: resolved here). A variant is always resolved here.
        case synthetic(resolved: ResolvedScenario?)
        /// A capture's packets for the scenario's only phone (a scenario from `CaptureClaims.reduced`).
        case capture(CaptureReplay)
    }

    /// Which worlds run.
    public enum Worlds: Sendable {
        /// The scenario as written, the variants its claims name and `also` (a variant name; nil:
        /// none), in that order.
        case claimed(also: String?)
        /// Only the scenario as written.
        case asWritten
    }

    /// Which trace records a world's result keeps.
    public enum Keeping: Sendable {
        /// Only the records the claims' events match, metrics computed online as the world runs:
        /// memory does not grow with the simulated duration.
        case claimRecords
        /// Every record (for a timeline written afterwards, or the kit's result); metrics computed
        /// from the whole trace. A timeline cannot also be streamed (`Sinks.timeline` stays nil).
        case wholeTrace
    }

    /// Where one world's records are written as it runs (`attach`).
    public struct Sinks {
        /// The timeline.jsonl being written (nil: none); committed by the caller.
        public var timeline: ResultFile?
        /// How much of a didRangeBeacons record the timeline gets.
        public var ranging: OutputSpec.Ranging
        /// The track.jsonl being written (nil: none); committed by the caller.
        public var track: TrackSink?

        public init(timeline: ResultFile? = nil, ranging: OutputSpec.Ranging = .full, track: TrackSink? = nil) {
            self.timeline = timeline
            self.ranging = ranging
            self.track = track
        }
    }

    /// A track.jsonl being written and how it samples the phones (`TrackWriter.record`).
    public struct TrackSink {
        public var file: ResultFile
        public var interval: SimDuration
        /// A phone's line only when its leg or the beacons it hears at or above `rssiThreshold` change.
        public var onlyChanges: Bool
        public var rssiThreshold: Int?
        /// A line's `heard` holds only the beacons at or above `rssiThreshold`.
        public var listsOnlyThreshold: Bool

        public init(
            file: ResultFile, interval: SimDuration, onlyChanges: Bool, rssiThreshold: Int?, listsOnlyThreshold: Bool
        ) {
            (self.file, self.interval, self.onlyChanges) = (file, interval, onlyChanges)
            (self.rssiThreshold, self.listsOnlyThreshold) = (rssiThreshold, listsOnlyThreshold)
        }

        var settings: ShardedReplication.TrackSettings {
            .init(
                interval: interval, onlyChanges: onlyChanges, rssiThreshold: rssiThreshold,
                listsOnlyThreshold: listsOnlyThreshold)
        }
    }

    /// The variants `claims` run on, in order of first use (names the scenario declares).
    public static func variants(of claims: [ClaimSpec], in scenario: Scenario) -> [String] {
        var names: [String] = []
        for leaf in claims.flatMap(\.leaves) {
            for name in [leaf.side.variant, leaf.versus?.variant].compactMap({ $0 }) where !names.contains(name) {
                names.append(name)
            }
        }
        return names.filter { scenario.variant($0) != nil }
    }

    /// Measures replication `replication` of `scenario` (with seed `seed`) for its claims
    /// (`scenario.expect`): builds one world per variant `worlds` selects, with `radio` as its
    /// radio and `apps` as its phones' apps (synthetic radio only; nil: the scenario's rule-based app), runs it with the
    /// loop `mode` and measures it. `attach(variant, world)` is called on each new world before it runs:
    /// it may attach recorders (track, HCI capture) and returns where the world's records are written.
    /// Throws `ScenarioError` for a scenario the models reject, and `StopFlag.Stopped` once `stop`
    /// is raised (the running world returns early) unless `whenStopped` says to return what ran.
    /// `attach` comes before `apps` so that a trailing closure is always `attach`.
    public static func measure(
        _ scenario: Scenario, seed: UInt64, replication: Int, radio: Radio = .synthetic(resolved: nil),
        worlds: Worlds = .claimed(also: nil), mode: LoopMode = .fast, keeping: Keeping = .claimRecords,
        stop: StopFlag? = nil,
        whenStopped: WhenStopped = .throwStopped, splitsCrowds: Bool = false,
        attach: (_ variant: String?, _ world: World?) throws -> Sinks = { _, _ in Sinks() }, apps: AppFactory? = nil
    ) throws -> (run: ClaimRun, worlds: [MeasuredWorld]) {
        var run = ClaimRun(replication: replication, metrics: [])
        var measured: [MeasuredWorld] = []
        var names: [String] = []
        if case .claimed(let also) = worlds {
            names = variants(of: scenario.expect, in: scenario)
            if let also, also != ScenarioVariant.baseName, !names.contains(also) { names.append(also) }
        }
        let keptEvents = EventMeasure.eventNames(claims: scenario.expect)
        for variant in [nil] + names.map(Optional.some) {
            guard let ran = scenario.variant(variant) else { continue }
            let shards = PhoneShards(phones: ran.phones.count)
            let result: RunResult
            let metrics: [RegionMetrics]
            let stopped: Bool
            if splitsCrowds, shards.count > 1, case .synthetic = radio, case .claimRecords = keeping, apps == nil {
                let sinks = try attach(variant, nil)
                let folder = (sinks.timeline ?? sinks.track?.file).map { $0.target.deletingLastPathComponent() }
                let plan = ShardedReplication.Plan(
                    scenario: ran, shards: shards, seed: seed, replication: replication, mode: mode, keptEvents: keptEvents,
                    stop: stop, directory: folder, timeline: sinks.timeline != nil, ranging: sinks.ranging,
                    track: sinks.track?.settings)
                (result, metrics, stopped) = try ShardedReplication.run(plan, timeline: sinks.timeline, track: sinks.track?.file)
            } else {
                let world = try makeWorld(ran, variant: variant, radio: radio, seed: seed, replication: replication, apps: apps)
                world.stop = stop
                let sinks = try attach(variant, world)
                (result, metrics) = try runWorld(
                    world, scenario: ran, radio: radio, mode: mode, keeping: keeping, keptEvents: keptEvents, sinks: sinks)
                stopped = world.stoppedEarly
            }
            if stopped, case .throwStopped = whenStopped { throw StopFlag.Stopped() }
            if let variant { run.variantMetrics[variant] = metrics } else { run.metrics = metrics }
            run.measures.merge(
                EventMeasure.samples(claims: scenario.expect, variant: variant, scenario: ran, result: result)
            ) { first, _ in first }
            measured.append(
                MeasuredWorld(variant: variant, scenario: ran, result: result, metrics: metrics, stoppedEarly: stopped))
            if stopped { break }
        }
        return (run, measured)
    }

    /// The one world of a session whose radio the session paces (`listen`'s live controller):
    /// `scenario` reduced to one phone and no beacons (`World.externalRadioScenario`), built as a
    /// capture's world is, `attach`ed (it returns the recorder the world's records go to; the
    /// session's folder is made there, once the world exists), then run through the one loop with
    /// `medium` as its radio. The session's length is known only when the medium closes, so the
    /// caller computes the metrics over what ran. Throws `ScenarioError` for a scenario the models
    /// reject, and what `attach` throws.
    public static func measure<Medium: RadioMedium & ~Copyable>(
        session scenario: Scenario, seed: UInt64, through medium: inout Medium,
        attach: (_ world: World) throws -> any TraceRecorder
    ) throws -> (scenario: Scenario, result: RunResult) {
        let world = try externalRadioWorld(scenario, seed: seed, replication: 0)
        let recorder = try attach(world)
        return (world.runScenario, world.run(through: &medium, recordingTo: recorder))
    }

    /// The world of an externally driven scenario (one phone, no beacons: `World.externalRadioScenario`).
    static func externalRadioWorld(_ scenario: Scenario, seed: UInt64, replication: Int) throws -> World {
        try World(externalRadioFor: scenario, phone: nil, duration: scenario.duration, seed: seed, replication: replication)
    }

    /// The world of `scenario` (a variant `variant` of the measured scenario, nil: as written).
    static func makeWorld(
        _ scenario: Scenario, variant: String?, radio: Radio, seed: UInt64, replication: Int, apps: AppFactory?
    ) throws -> World {
        switch radio {
        case .synthetic(let resolved):
            if variant == nil, let resolved {
                return World(resolved: resolved, seed: seed, replication: replication, apps: apps)
            }
            return try World(scenario: scenario, seed: seed, replication: replication, apps: apps)
        case .capture:
            // A capture-driven scenario already has one phone and no beacons (`CaptureClaims.reduced`).
            return try externalRadioWorld(scenario, seed: seed, replication: replication)
        }
    }

    /// Runs `world` (of `scenario`) and returns its result and metrics, keeping the records `keeping` says.
    static func runWorld(
        _ world: World, scenario: Scenario, radio: Radio, mode: LoopMode, keeping: Keeping, keptEvents: Set<String>,
        sinks: Sinks
    ) throws -> (RunResult, [RegionMetrics]) {
        let run = { (recorder: (any TraceRecorder)?) throws -> RunResult in
            switch radio {
            case .synthetic: return world.run(recordingTo: recorder, mode: mode)
            case .capture(let capture): return try world.run(capture: capture, recordingTo: recorder)
            }
        }
        let track = sinks.track.map { sink in
            TrackWriter.record(
                world, into: sink.file, interval: sink.interval, onlyChanges: sink.onlyChanges,
                rssiThreshold: sink.rssiThreshold, listsOnlyThreshold: sink.listsOnlyThreshold)
        }
        defer { track?.finish(at: SimTime(nanoseconds: scenario.duration)) }
        switch keeping {
        case .wholeTrace:
            precondition(sinks.timeline == nil, "a whole trace is written after the run (KeepTimelines)")
            let result = try run(nil)
            return (result, MetricsCalculator.compute(scenario: scenario, result: result))
        case .claimRecords:
            let metrics = MetricsAccumulator(scenario: scenario)
            let recording = RunRecording(
                timeline: sinks.timeline, metrics: metrics, keeping: keptEvents, ranging: sinks.ranging)
            var result = try run(recording)
            result.trace = recording.kept
            return (result, metrics.finish())
        }
    }
}
