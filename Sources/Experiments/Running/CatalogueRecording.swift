// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
public import Foundation
public import Reporting
public import ResultsCatalogue
public import ScenarioFormat

/// Turns what the commands produced into `catalogue.sqlite` entries.
public enum CatalogueRecording {
    /// A check, sweep or merge (`kind` "merge" for merged folders).
    public static func entry(_ outcome: ExperimentOutcome, root: URL) -> CatalogueEntry {
        let folder = outcome.folder
        let stems = ExperimentSummary.columnNames(outcome.points.first ?? [])
        let measurements = outcome.points.enumerated().flatMap { point, outcomes in
            let settings = folder.grid.settings(at: point).map { "\($0.path)=\($0.value)" }.joined(separator: " ")
            return zip(stems, ExperimentSummary.conditions(outcomes)).map { stem, condition in
                CatalogueEntry.Measurement(
                    point: point, settings: settings, claim: stem, measured: condition.measured,
                    ciLow: condition.interval?.lowerBound, ciHigh: condition.interval?.upperBound,
                    samples: condition.sampleCount, passed: condition.passed)
            }
        }
        return CatalogueEntry(
            folder: outcome.directory.lastPathComponent,
            kind: folder.mergedFrom > 0
                ? "merge" : (folder.shard.isWhole ? folder.kind.rawValue : "\(folder.kind.rawValue)-shard"),
            scenario: folder.scenario.name, scenarioHash: folder.scenario.sourceHash, seed: folder.seed,
            replications: folder.replications, toolVersion: BeaconSimVersion.current, startedAt: outcome.startedAt,
            directory: relative(outcome.directory, to: root), passed: outcome.passed, interrupted: folder.interrupted,
            finished: outcome.recordCount, items: folder.shard.isWhole ? folder.itemCount : nil,
            measurements: measurements)
    }

    /// One `beaconsim run` written to `directory`: its claims evaluated over its single replication.
    public static func entry(
        run directory: URL, claims outcomes: [ClaimOutcome], scenario: Scenario, seed: UInt64, root: URL
    ) -> CatalogueEntry {
        let stems = ExperimentSummary.columnNames(outcomes)
        let measurements = zip(stems, ExperimentSummary.conditions(outcomes)).map { stem, condition in
            CatalogueEntry.Measurement(
                point: 0, settings: "", claim: stem, measured: condition.measured,
                ciLow: condition.interval?.lowerBound,
                ciHigh: condition.interval?.upperBound, samples: condition.sampleCount, passed: condition.passed)
        }
        return CatalogueEntry(
            folder: directory.lastPathComponent, kind: "run", scenario: scenario.name,
            scenarioHash: scenario.sourceHash, seed: seed, replications: 1, toolVersion: BeaconSimVersion.current,
            startedAt: Date(), directory: relative(directory, to: root),
            passed: outcomes.allSatisfy(\.passed), measurements: measurements)
    }

    /// Records `entry` in `root/catalogue.sqlite`.
    public static func record(_ entry: CatalogueEntry, root: URL) throws {
        try ResultsCatalogue(root: root).record(entry)
    }

    static func relative(_ directory: URL, to root: URL) -> String {
        let base = root.standardizedFileURL.path
        let path = directory.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }
}
