// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import ScenarioFormat

/// The read model of a check or sweep folder's `manifest.json` (what `ExperimentFolder.write`
/// wrote), decoded with `Codable` and checked against the bounds the writer could have produced:
/// a value out of them is an input error naming the file and the field, never a trap or an
/// allocation sized by the file.
struct ExperimentManifest: Decodable {
    struct ShardFields: Decodable {
        var index: Int
        var count: Int
    }
    struct Axis: Decodable {
        var path: String
        var values: [String]
    }

    var version: String?
    var startedAt: String?
    var kind: String
    var scenarioPath: String
    var scenarioHash: String
    var seed: UInt64
    var replications: Int
    var shard: ShardFields
    var axes: [Axis]
    var items: Int?
    var finished: Int?
    var interrupted: Bool?
    var mergedFrom: Int?
    /// SHA-256 of the folder's `replications.jsonl` as written (absent in folders of older versions).
    var recordsSHA256: String?

    /// The largest manifest read: the scenario file limit (a manifest is smaller than its scenario).
    static let maximumBytes = ScenarioLimits.maximumFileBytes

    /// Reads and checks `directory/manifest.json`; throws `ExperimentError` naming the file.
    static func read(in directory: URL) throws -> ExperimentManifest {
        let path = directory.appendingPathComponent("manifest.json").path
        return try decode(ExperimentFile.bytes(path, limit: maximumBytes, what: "manifests"), path: path)
    }

    /// Decodes and checks the bytes of the manifest at `path` (named in the errors).
    static func decode(_ bytes: [UInt8], path: String) throws -> ExperimentManifest {
        let manifest: ExperimentManifest
        do {
            manifest = try JSONDecoder().decode(ExperimentManifest.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ExperimentError(
                at: "\(path)", "not a check or sweep manifest (\(ReadModelFile.reason(error)))", cause: error)
        } catch {
            throw ExperimentError(
                at: "\(path)", "not a check or sweep manifest (not JSON)", cause: error)
        }
        if let problem = manifest.problem {
            throw ExperimentError(
                at: "\(path)", "\(problem)")
        }
        return manifest
    }

    /// The first value outside what the writer could have produced, as a sentence; nil when all hold.
    var problem: String? {
        guard ExperimentKind(rawValue: kind) != nil else { return "kind: '\(kind.prefix(40))' is neither check nor sweep" }
        guard scenarioHash.count == 64, scenarioHash.allSatisfy(\.isHexDigit) else {
            return "scenarioHash: not a SHA-256 (64 hexadecimal digits)"
        }
        let maximum = ScenarioLimits.maximumReplications
        guard (1...maximum).contains(replications) else { return "replications: \(replications) is outside 1…\(maximum)" }
        guard (1...Experiment.maximumItems).contains(shard.count) else {
            return "shard.count: \(shard.count) is outside 1…\(Experiment.maximumItems)"
        }
        guard (0..<shard.count).contains(shard.index) else {
            return "shard.index: \(shard.index) is outside 0…\(shard.count - 1)"
        }
        guard axes.allSatisfy({ !$0.values.isEmpty }) else { return "axes: an axis has no values" }
        guard let points = SweepGrid(axes: grid.axes).boundedCount(limit: Experiment.maximumItems),
            points.multipliedReportingOverflow(by: replications).partialValue <= Experiment.maximumItems,
            !points.multipliedReportingOverflow(by: replications).overflow
        else { return "axes × replications: more than \(Experiment.maximumItems) work items, the most an experiment has" }
        let items = points * replications
        if let declared = self.items, declared != items { return "items: \(declared), but axes × replications is \(items)" }
        if let finished, !(0...items).contains(finished) { return "finished: \(finished) is outside 0…\(items)" }
        if let mergedFrom, !(0...Experiment.maximumItems).contains(mergedFrom) {
            return "mergedFrom: \(mergedFrom) is out of range"
        }
        if let recordsSHA256, recordsSHA256.count != 64 || !recordsSHA256.allSatisfy(\.isHexDigit) {
            return "recordsSHA256: not a SHA-256 (64 hexadecimal digits)"
        }
        return nil
    }

    var grid: SweepGrid { SweepGrid(axes: axes.map { SweepAxis(path: $0.path, values: $0.values) }) }
}

/// Reading a results folder's own files: regular files only (a FIFO or device put in a shard
/// folder is refused by type, not waited on), at most `limit` bytes.
enum ExperimentFile {
    static func bytes(_ path: String, limit: Int, what: String) throws -> [UInt8] {
        switch RegularFile.bytes(path, limit: limit, what: what) {
        case .success(let bytes): return bytes
        case .failure(let refusal):
            throw ExperimentError(
                at: "\(path)", "cannot read the file: \(refusal.reason)")
        }
    }
}
