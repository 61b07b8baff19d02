// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Reporting
internal import ScenarioFormat
internal import Sessions

/// `check --keep-timelines failing|all`: the timelines and metrics of some replications, written
/// beside check.json as `timelines/replication-K/` (and `timelines/replication-K-VARIANT/` for the
/// variants the claims run), each a folder `beaconsim report` can render like a run's.
public enum KeepTimelines: String, Sendable, CaseIterable {
    /// None (the default).
    case none
    /// The replications that broke a failing claim (every part of `anyOf`/`allOf` included).
    case failing
    /// Every replication.
    case all

    /// The folder below `timelines/` of one replication of one variant (nil = the scenario as written).
    public static func folderName(replication: Int, variant: String?) -> String {
        "replication-\(replication)" + (variant.map { "-\($0)" } ?? "")
    }

    /// The (created) folder of one replication of one variant below `directory/timelines/`.
    static func folder(replication: Int, variant: String?, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("timelines", isDirectory: true)
            .appendingPathComponent(folderName(replication: replication, variant: variant), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes each world's metrics.json, and its timeline.jsonl from the result's trace unless it
    /// was streamed there as the world ran (`timelineWritten`), into `directory/timelines/…/`, and
    /// last its manifest.json (seed, replication, variant), which makes the folder a finished one
    /// that `report` reads like a run's.
    static func write(
        _ worlds: [ReplicationMeasurement.MeasuredWorld], seed: UInt64, replication: Int, in directory: URL,
        store: ResultsStore, timelineWritten: Bool = false
    ) throws {
        for world in worlds {
            let folder = try folder(replication: replication, variant: world.variant, in: directory)
            if !timelineWritten {
                try store.write(TimelineWriter.text(world.result.trace), to: "timeline.jsonl", in: folder)
            }
            try store.write(
                to: "metrics.json", in: folder,
                streaming: { file in
                    MetricsWriter.write(
                        scenario: world.scenario, result: world.result, metrics: world.metrics, inPieces: file.write)
                })
            let manifest = RunManifest(
                command: "check-replication", scenario: world.scenario, seed: seed, replications: 1, startedAt: Date(),
                wallTimeSeconds: 0,
                extra: [
                    ("replication", String(replication)), ("variant", world.variant.map(JSONText.string) ?? "null"),
                    ("packetsSent", String(world.result.packetsSent)),
                    ("packetsReceived", String(world.result.packetsReceived)), ("events", String(world.result.eventsHandled)),
                ])
            try store.write(manifest.text, to: ResultsFolderMarker.manifestName, in: folder)
        }
    }

    /// The replications that broke a condition of a failing claim, in replication order.
    static func failing(_ outcomes: [ClaimOutcome]) -> [Int] {
        let replications = outcomes.filter { !$0.passed }.flatMap(\.leaves).flatMap { leaf in
            leaf.outcome.conditions.filter { !$0.passed }.flatMap { $0.violations.map(\.replication) }
        }
        return Set(replications).sorted()
    }
}
