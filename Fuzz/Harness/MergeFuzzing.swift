// SPDX-License-Identifier: GPL-3.0-or-later
internal import Experiments
internal import Foundation
internal import Reporting
internal import ScenarioFormat

/// The merge reader on arbitrary bytes: the parts between NUL bytes are shard folders' files in
/// turn — `manifest.json`, its `replications.jsonl`, the next folder's manifest… (up to three
/// folders). Each folder reads (`ShardFiles`: the validated read models `merge` uses) or throws
/// `ExperimentError` located in that folder's manifest or records; a folder that reads holds only
/// records its manifest allows; and the claims of the repository's scenarios evaluated over every
/// record read, as `merge` evaluates them, do not trap (sums of counts near `Int.max` overflowed
/// the claim evaluator, issue 30).
enum MergeFuzzing {
    static func run(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 5, omittingEmptySubsequences: false).map(Array.init)
        var records: [ReplicationRecord] = []
        var points = 1
        for folder in 0..<(parts.count + 1) / 2 {
            let directory = "shard-\(folder)"
            do {
                let read = try ShardFiles(
                    manifest: parts[2 * folder], records: parts.count > 2 * folder + 1 ? parts[2 * folder + 1] : [],
                    directory: directory)
                ManifestFuzzing.check(read)
                check(read, bytes: parts.count > 2 * folder + 1 ? parts[2 * folder + 1].count : 0)
                records += read.records
                points = max(points, read.grid.count)
            } catch let error as ExperimentError {
                ManifestFuzzing.check(
                    error, in: [directory + "/manifest.json", directory + "/replications.jsonl"])
            } catch {
                FuzzTarget.fail("merge reader: unexpected error type \(error)")
            }
        }
        _ = ExperimentSummary.evaluate(claims: claims, points: points, records: records)
    }

    /// Every record within the manifest's grid, replications and count bounds; no more records
    /// than lines the file could hold.
    static func check(_ read: ShardFiles, bytes: Int) {
        guard read.records.count <= bytes / 2 + 1 else {
            FuzzTarget.fail("\(read.records.count) records from \(bytes) bytes")
        }
        for record in read.records {
            guard (0..<read.grid.count).contains(record.point), (0..<read.replications).contains(record.replication)
            else { FuzzTarget.fail("record point \(record.point) replication \(record.replication) accepted") }
            for region in record.metrics + record.variants.values.joined() {
                for count in Array(region.counts.values) + Array(region.opportunities.values)
                where count < 0 || count > Int(ScenarioLimits.maximumEventsPerRun) {
                    FuzzTarget.fail("a count of \(count) accepted")
                }
            }
        }
    }

    /// The claims of `Scenarios/retail-store.yaml` and `Scenarios/claims/claim-forms.yaml` (every
    /// claim form: percentiles, counts with filters, intervals, alternatives, variants, versus).
    static let claims: [ClaimSpec] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return ["Scenarios/retail-store.yaml", "Scenarios/claims/claim-forms.yaml"].flatMap { relative in
            let url = root.appendingPathComponent(relative)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                let scenario = try? ScenarioLoader.parse(text: text, path: url.path)
            else { return [ClaimSpec]() }
            return scenario.expect
        }
    }()
}
