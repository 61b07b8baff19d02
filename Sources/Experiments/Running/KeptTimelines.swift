// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import Reporting
internal import ScenarioFormat

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

    /// Writes each world's timeline.jsonl and metrics.json into `directory/timelines/…/`.
    static func write(
        _ worlds: [ReplicationMeasurement.MeasuredWorld], replication: Int, in directory: URL, store: ResultsStore
    ) throws {
        for world in worlds {
            let folder = directory.appendingPathComponent("timelines", isDirectory: true)
                .appendingPathComponent(folderName(replication: replication, variant: world.variant), isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try store.write(TimelineWriter.text(world.result.trace), to: "timeline.jsonl", in: folder)
            try store.write(
                MetricsWriter.text(scenario: world.scenario, result: world.result, metrics: world.metrics),
                to: "metrics.json", in: folder)
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
