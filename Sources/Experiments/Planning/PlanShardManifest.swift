// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import ScenarioFormat

/// What a plan shard folder's `manifest.json` says (`command: "plan-shard"`), as `merge` reads it
/// back: the plan's options, the source scenario and planned files (path and SHA-256 each), which
/// shard this is, and the SHA-256 of its `replications.jsonl`.
struct PlanShardManifest: Decodable, Equatable {
    struct File: Decodable, Equatable {
        var scenarioPath: String
        var scenarioHash: String
    }

    struct Proposal: Decodable, Equatable {
        var txPowerDBm: Double
        var intervalNs: Int64?
        var coverageTarget: Double
    }

    var command: String
    /// The source scenario first, then the planned files in proposal order.
    var files: [File]
    var seed: UInt64
    var replications: Int
    var pitchMetres: Double
    var txPowersDBm: [Double]
    var intervalsNs: [Int64]
    var coverageTargets: [Double]
    /// Keep-out rectangles, each `[x0, y0, x1, y1]`.
    var keepOuts: [[Double]]
    var coverageResolutionMetres: Double
    var proposals: [Proposal]
    /// 0-based.
    var shardIndex: Int
    var shardCount: Int
    var recordsSHA256: String

    static let command = "plan-shard"

    /// The manifest of the folder `directory`; nil when it is not a plan shard (a check or sweep
    /// shard, say, or a folder without a readable manifest).
    static func read(in directory: URL) throws -> PlanShardManifest? {
        let url = directory.appendingPathComponent("manifest.json")
        // Unreadable or missing: not a plan shard; the check/sweep merger names what is wrong.
        guard let data = try? ExperimentFile.bytes(url.path, limit: 1 << 24, what: "manifest") else { return nil }
        struct Kind: Decodable { var command: String? }
        guard (try? JSONDecoder().decode(Kind.self, from: Data(data)))?.command == command else { return nil }
        do {
            return try JSONDecoder().decode(PlanShardManifest.self, from: Data(data))
        } catch let error as DecodingError {
            throw ExperimentError(at: url.path, "not a plan shard manifest (\(ReadModelFile.reason(error)))")
        }
    }

    /// The same plan as `other`, whatever the shard: the fields that must agree for two folders to
    /// be merged.
    func samePlan(as other: PlanShardManifest) -> Bool {
        var mine = self
        mine.shardIndex = other.shardIndex
        mine.recordsSHA256 = other.recordsSHA256
        return mine == other
    }
}
