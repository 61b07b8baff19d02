// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import Reporting
public import ScenarioFormat

/// `beaconsim merge`: combines shard folders of one check or sweep into the folder one machine
/// would have written (same `replications.jsonl`, same summary bytes).
public enum ShardMerger {
    /// Checks that `directories` are shards of one experiment that together hold every work item
    /// exactly once — a shard run again may appear twice (`ShardCopies` picks one) — then writes
    /// the merged folder into `store`.
    public static func merge(
        _ directories: [URL], scenarioPath: String?, catalogue: ParameterCatalogue,
        imports: ImportPolicy = .withinScenarioTree, store: ResultsStore
    ) throws -> ExperimentOutcome {
        guard !directories.isEmpty else { throw ExperimentError("merge needs at least one results folder") }
        let started = Date()
        let parts = try directories.map {
            try ExperimentFolder.read($0, scenarioPath: scenarioPath, catalogue: catalogue, imports: imports)
        }
        guard let first = parts.first?.folder else { throw ExperimentError("nothing to merge") }
        for (part, directory) in zip(parts, directories) {
            let differences = differingFields(part.folder, first)
            if let difference = differences.first {
                let more = differences.count > 1 ? " (also: \(differences.dropFirst().joined(separator: "; ")))" : ""
                throw ExperimentError(
                    "\(directory.path) is not a shard of the same experiment as \(directories[0].path): "
                        + "\(difference) \(directories[0].lastPathComponent)\(more)")
            }
        }
        let (kept, notes) = try ShardCopies.choose(Array(zip(parts, directories)), count: first.shard.count)
        var seen = Set<Int>()
        var records: [ReplicationRecord] = []
        for (part, directory) in kept {
            for record in part.records {
                let item = record.point * first.replications + record.replication
                guard seen.insert(item).inserted else {
                    throw ExperimentError(
                        "\(directory.path): point \(record.point) replication \(record.replication) appears twice")
                }
                records.append(record)
            }
        }
        let missingShards = Set(0..<first.shard.count).subtracting(kept.map(\.part.folder.shard.index)).sorted()
        guard seen.count == first.itemCount else {
            throw ExperimentError(
                "the folders hold \(seen.count) of \(first.itemCount) replications"
                    + (missingShards.isEmpty
                        ? ""
                        : "; missing shard(s) "
                            + missingShards.map { "\($0 + 1)/\(first.shard.count)" }.joined(separator: ", ")))
        }
        var merged = first
        merged.shard = .whole
        merged.mergedFrom = kept.count
        var outcome = try merged.write(records: records, store: store, startedAt: started, wallSeconds: 0)
        outcome.notes = notes
        return outcome
    }

    /// What sets `folder` apart from `first`, each as `FIELD A here, B in` (the caller names the
    /// other folder): kind, shard count, scenario hash, seed, replications, sweep axes.
    static func differingFields(_ folder: ExperimentFolder, _ first: ExperimentFolder) -> [String] {
        func field<T: Equatable>(_ name: String, _ here: T, _ there: T, _ text: (T) -> String) -> String? {
            here == there ? nil : "\(name) \(text(here)) here, \(text(there)) in"
        }
        return [
            field("kind", folder.kind.rawValue, first.kind.rawValue) { $0 },
            field("shard count", folder.shard.count, first.shard.count) { String($0) },
            field("scenario hash", folder.scenario.sourceHash, first.scenario.sourceHash) { String($0.prefix(15)) },
            field("seed", folder.seed, first.seed) { String($0) },
            field("replications", folder.replications, first.replications) { String($0) },
            folder.grid == first.grid ? nil : "sweep axes differ from those in",
        ].compactMap { $0 }
    }
}
