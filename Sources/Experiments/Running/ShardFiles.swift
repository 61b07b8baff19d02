// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting

/// One shard folder's `manifest.json` and `replications.jsonl` as `merge` reads them, from bytes
/// already in memory: the manifest through `ExperimentManifest` and the records through
/// `ReplicationRecord.read`, each checked against the bounds the writer could have produced
/// (`ExperimentFolder.read` does the same from disk). The `merge` and `manifest` fuzz targets
/// (Fuzz/Harness) feed them arbitrary bytes.
public struct ShardFiles: Sendable {
    public var kind: ExperimentKind
    /// The SHA-256 of the scenario the folder was made from (merge compares it; it reads no file).
    public var scenarioHash: String
    public var grid: SweepGrid
    public var seed: UInt64
    public var replications: Int
    public var shard: Shard
    /// Work items the manifest declares (`axes × replications`), within `Experiment.maximumItems`.
    public var itemCount: Int
    public var records: [ReplicationRecord]

    /// Reads the manifest bytes alone (`records` is empty); errors name `directory/manifest.json`.
    public init(manifest: [UInt8], directory: String) throws {
        let decoded = try ExperimentManifest.decode(manifest, path: "\(directory)/manifest.json")
        self.kind = ExperimentKind(rawValue: decoded.kind) ?? .check
        self.scenarioHash = decoded.scenarioHash
        self.grid = decoded.grid
        self.seed = decoded.seed
        self.replications = decoded.replications
        self.shard = Shard(index: decoded.shard.index, count: decoded.shard.count)
        self.itemCount = decoded.grid.count * decoded.replications
        self.records = []
        self.checksum = decoded.recordsSHA256
    }

    /// Reads both files; errors name `directory/manifest.json` or `directory/replications.jsonl[:LINE]`.
    public init(manifest: [UInt8], records: [UInt8], directory: String) throws {
        try self.init(manifest: manifest, directory: directory)
        self.records = try ReplicationRecord.read(
            bytes: records, path: "\(directory)/replications.jsonl", points: grid.count, replications: replications,
            checksum: checksum)
    }

    private var checksum: String?
}
