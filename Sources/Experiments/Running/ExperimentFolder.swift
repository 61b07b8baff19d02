// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import Reporting
public import ScenarioFormat

/// The identity of an experiment's results folder, as recorded in its `manifest.json`: enough
/// to tell whether shard folders belong together and to write their merged summary.
public struct ExperimentFolder: Sendable {
    public var kind: ExperimentKind
    public var scenario: Scenario
    public var grid: SweepGrid
    public var seed: UInt64
    public var replications: Int
    public var shard: Shard
    /// True when Ctrl-C stopped the run before every item finished.
    public var interrupted: Bool
    /// Shard folders merged into this one (0 when run directly).
    public var mergedFrom: Int
    /// Further manifest fields (a capture's path and hash for `check --capture`).
    public var manifestFields: [(String, String)] = []

    public init(
        kind: ExperimentKind, scenario: Scenario, grid: SweepGrid, seed: UInt64, replications: Int, shard: Shard,
        interrupted: Bool, mergedFrom: Int
    ) {
        self.kind = kind
        self.scenario = scenario
        self.grid = grid
        self.seed = seed
        self.replications = replications
        self.shard = shard
        self.interrupted = interrupted
        self.mergedFrom = mergedFrom
    }

    /// Work items of the whole experiment (points × replications).
    public var itemCount: Int { grid.count * replications }

    /// The run-id label: `sweep-seed1-n20`, `…-shard2of3`, `…-merged`.
    var label: String {
        "\(kind.rawValue)-seed\(seed)-n\(replications)"
            + (shard.isWhole ? "" : "-shard\(shard.index + 1)of\(shard.count)")
            + (mergedFrom > 0 ? "-merged" : "")
    }

    /// Writes `replications.jsonl`, the summary (whole experiments only) and `manifest.json`
    /// into `directory`, or a new folder of `store`.
    func write(
        records unsorted: [ReplicationRecord], store: ResultsStore, startedAt: Date, wallSeconds: Double,
        threads: Int? = nil, directory existing: URL? = nil
    ) throws -> ExperimentOutcome {
        let records = unsorted.sorted { ($0.point, $0.replication) < ($1.point, $1.replication) }
        let directory = try existing ?? store.newRunDirectory(scenario: scenario.name, label: label, now: startedAt)
        var out = JSONBytes(capacity: records.count * 512)
        for record in records {
            record.write(into: &out)
            out.byte(0x0A)
        }
        let lines = out.bytes
        try store.write(bytes: lines, to: "replications.jsonl", in: directory)
        try store.write(
            ExperimentSummary.replicationsCSV(grid: grid, records: records), to: "replications.csv", in: directory)
        var points: [[ClaimOutcome]] = []
        if shard.isWhole {
            points = ExperimentSummary.evaluate(claims: scenario.expect, points: grid.count, records: records)
            switch kind {
            case .check:
                try store.write(ClaimReport.json(points.first ?? []), to: "check.json", in: directory)
                try store.write(CheckCSV.text(points.first ?? []), to: "check.csv", in: directory)
            case .sweep:
                try store.write(ExperimentSummary.csv(grid: grid, points: points), to: "sweep.csv", in: directory)
                try store.write(
                    ExperimentSummary.json(folder: self, points: points), to: "sweep.json", in: directory)
            }
        }
        let manifest = RunManifest(
            command: kind.rawValue, scenario: scenario, seed: seed, replications: replications, startedAt: startedAt,
            wallTimeSeconds: wallSeconds,
            extra: [
                ("kind", JSONText.string(kind.rawValue)),
                ("shard", JSONText.object([("index", String(shard.index)), ("count", String(shard.count))])),
                ("axes", ExperimentSummary.axesJSON(grid)),
                ("items", String(itemCount)), ("finished", String(records.count)),
                ("interrupted", interrupted ? "true" : "false"), ("mergedFrom", String(mergedFrom)),
                // Merge checks it: an edited or truncated replications.jsonl is named, not merged.
                ("recordsSHA256", JSONText.string(SHA256Digest.hex(of: lines))),
            ] + (threads.map { [("threads", String($0))] } ?? []) + manifestFields)
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return ExperimentOutcome(
            folder: self, directory: directory, points: points, recordCount: records.count, wallSeconds: wallSeconds,
            startedAt: startedAt)
    }

    /// Reads a folder written by `write`: its manifest (`ExperimentManifest`, every field checked
    /// against what the writer could produce) and its records (each checked against the manifest's
    /// grid and replications, the file against the manifest's checksum). The scenario is the file
    /// `scenarioPath` (an input), else the one the manifest names — compared by its SHA-256 before
    /// anything of it is parsed, so a manifest naming another file makes merge neither parse nor
    /// echo it, and a special file there is refused by type.
    public static func read(
        _ directory: URL, scenarioPath: String? = nil, catalogue: ParameterCatalogue,
        imports: ImportPolicy = .withinScenarioTree
    ) throws
        -> (folder: ExperimentFolder, records: [ReplicationRecord])
    {
        try ResultsFolderMarker.requireFinished(directory)
        let manifest = try ExperimentManifest.read(in: directory)
        let path = scenarioPath ?? manifest.scenarioPath
        if scenarioPath == nil {
            // Hash the bytes first: only the very file the shard was made from is parsed.
            switch RegularFile.bytes(path, limit: ScenarioLimits.maximumFileBytes, what: "scenario files") {
            case .success(let bytes) where SHA256Digest.hex(of: bytes) == manifest.scenarioHash: break
            case .success:
                throw ExperimentError(
                    at: "\(directory.path)/manifest.json",
                    "the scenario it names is not the one the folder was made from (SHA-256 differs); pass the "
                        + "original with --scenario")
            case .failure:
                throw ExperimentError(
                    at: "\(directory.path)/manifest.json", "the scenario it names cannot be read; pass it with --scenario")
            }
        }
        let scenario = try ScenarioTemplate(path: path, catalogue: catalogue, imports: imports).base
        guard scenario.sourceHash == manifest.scenarioHash else {
            throw ExperimentError(
                "\(path) has changed since \(directory.path) was made (SHA-256 differs); pass the original with --scenario"
            )
        }
        let folder = ExperimentFolder(
            kind: ExperimentKind(rawValue: manifest.kind) ?? .check, scenario: scenario, grid: manifest.grid,
            seed: manifest.seed, replications: manifest.replications,
            shard: Shard(index: manifest.shard.index, count: manifest.shard.count),
            interrupted: manifest.interrupted ?? false, mergedFrom: manifest.mergedFrom ?? 0)
        let records = try ReplicationRecord.read(
            directory.appendingPathComponent("replications.jsonl"), points: folder.grid.count,
            replications: folder.replications, checksum: manifest.recordsSHA256)
        return (folder, records)
    }
}
