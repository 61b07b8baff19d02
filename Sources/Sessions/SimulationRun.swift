// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
public import BeaconSim
public import Foundation
public import ScenarioFormat
internal import SimulationCore

/// `beaconsim run`: one replication, its results folder (manifest, timeline, metrics), its
/// claims evaluated over that replication alone, and a summary.
///
/// Replication `replication` with seed `seed` is the same world as replication `replication` of
/// `beaconsim check` with that seed, so a replication a check names can be re-run and inspected.
public struct SimulationRun {
    public let scenario: Scenario
    public let seed: UInt64
    public let store: ResultsStore
    /// The replication number (default 0).
    public var replication: Int
    /// The variant whose timeline is written (nil = the scenario as written).
    public var variant: String?
    /// Also write one phone's HCI traffic to a capture file (`run --capture`); nil: none.
    public var capture: HCICaptureRequest?
    /// The fast loop (default) or the reference loop (`run --reference-loop`): the same results.
    public var loop: LoopMode = .fast
    /// What is written (the command line's output options), over the scenario's `outputs:` and
    /// the defaults for its phone count (`OutputSpec.resolved`).
    public var outputs = OutputSpec()
    /// Whether a crowd's phones run as shards side by side (`PhoneShards`; the same files as one
    /// world). Tests turn it off to compare.
    public var splitsCrowds = true

    public init(
        scenario: Scenario, seed: UInt64, store: ResultsStore, replication: Int = 0, variant: String? = nil,
        capture: HCICaptureRequest? = nil
    ) {
        self.scenario = scenario
        self.seed = seed
        self.store = store
        self.replication = replication
        self.variant = variant == ScenarioVariant.baseName ? nil : variant
        self.capture = capture
    }

    /// What a run produced, for printing.
    public struct Report {
        public var directory: URL
        public var result: RunResult
        public var metrics: [RegionMetrics]
        /// The scenario's claims evaluated over this replication (variants the claims need ran too).
        public var claims: [ClaimOutcome]
        public var wallSeconds: Double
        /// The files written into `directory`, in the order they were committed.
        public var files: [String] = []
    }

    /// Builds and runs the world (and those of the variants the claims need), writing the chosen
    /// one's `timeline.jsonl` into a new folder as its records are produced and computing its
    /// metrics online (memory does not grow with the simulated duration), then `metrics.json` and
    /// `manifest.json`. Throws `ScenarioError` for a scenario the models reject or an unknown
    /// variant (an empty folder is removed again).
    public func execute(clock: any SessionClock = WallSessionClock()) throws -> Report {
        guard let ran = scenario.variant(variant) else {
            let names = scenario.variants.map(\.name)
            throw ScenarioError([
                Diagnostic(
                    at: SourceLocation(file: scenario.sourcePath, line: 1, column: 1),
                    "no variant named '\(variant ?? "")'; variants: \(names.isEmpty ? "none" : names.joined(separator: ", "))")
            ])
        }
        let label =
            "seed\(seed)" + (replication == 0 ? "" : "-rep\(replication)") + (variant.map { "-\($0)" } ?? "")
        let folder = try SessionFolder(store: store, scenario: scenario.name, label: label, clock: clock)
        let directory = folder.directory
        do {
            var recording: HCICaptureRecording?
            var timeline: ResultFile?
            var track: ResultFile?
            let written = outputs.resolved(over: ran.outputs, phones: ran.phones.count)
            // A crowd's phones run as shards side by side (`PhoneShards`), unless one phone's radio
            // is captured (the capture attaches to the one world).
            let measured = try ReplicationMeasurement.measure(
                scenario, seed: seed, replication: replication, worlds: .claimed(also: variant), mode: loop,
                splitsCrowds: splitsCrowds && capture == nil
            ) { name, world in
                guard name == variant else { return .init() }
                if let capture {
                    guard let world else { preconditionFailure("a run with a capture is one world") }
                    recording = try capture.attach(to: world)
                }
                if written.timeline == true {
                    timeline = try ResultFile(written.fileName("timeline.jsonl"), in: directory)
                }
                let sink = try (written.track == .off ? nil : ResultFile(written.fileName("track.jsonl"), in: directory))
                    .map { file in
                        ReplicationMeasurement.TrackSink(
                            file: file, interval: SimDuration(nanoseconds: written.trackInterval ?? 1_000_000_000),
                            onlyChanges: written.track == .changes, rssiThreshold: written.trackRSSIThreshold,
                            listsOnlyThreshold: written.trackHeard == .threshold)
                    }
                track = sink?.file
                return .init(timeline: timeline, ranging: written.ranging ?? .full, track: sink)
            }
            try recording?.finish()
            try timeline?.commit()
            guard let chosen = measured.worlds.first(where: { $0.variant == variant }) else {
                preconditionFailure("the chosen variant always runs")
            }
            let wall = folder.wallSeconds
            let result = chosen.result
            let manifest = folder.manifest(
                command: "run", scenario: ran, seed: seed, result: result, wallSeconds: wall,
                extra: [("replication", String(replication)), ("variant", variant.map(JSONText.string) ?? "null")]
                    + (recording?.manifestFields ?? []))
            if let track {
                try track.commit()
                try store.write(to: "plan.json", in: directory) { TrackWriter.plan(ran, into: &$0) }
            }
            let claims = scenario.expect.map { ClaimEvaluator.evaluate($0, runs: [measured.run]) }
            // The verdicts of this replication beside its timeline, for its report (a re-run of a failing
            // one); before the manifest, which marks the folder finished.
            if !claims.isEmpty { try store.write(ClaimReport.json(claims), to: "claims.json", in: directory) }
            try store.writeRun(result, metrics: chosen.metrics, scenario: ran, manifest: manifest, in: directory)
            let files =
                [timeline?.target, track?.target].compactMap { $0?.lastPathComponent }
                + (track == nil ? [] : ["plan.json"]) + (claims.isEmpty ? [] : ["claims.json"])
                + ["metrics.json", "metrics.csv", "manifest.json"]
            return Report(
                directory: directory, result: result, metrics: chosen.metrics, claims: claims, wallSeconds: wall,
                files: files)
        } catch {
            folder.removeIfEmpty()  // only when nothing was committed: an empty folder is no result
            throw error
        }
    }
}
