// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import Reporting
internal import ScenarioFormat

/// What one replication at one grid point measured: one line of `replications.jsonl`, the raw
/// material summaries are computed from and shards are merged by. Numbers are written in
/// shortest round-trip form, so a merged summary equals one computed in memory.
public struct ReplicationRecord: Sendable, Equatable {
    /// Grid point (0 for a check).
    public var point: Int
    public var replication: Int
    public var metrics: [RegionMetrics]
    /// Metrics of the variants the claims run on, by name (absent from the line when none).
    public var variants: [String: [RegionMetrics]]
    /// Samples of event-based claim sides, by `ClaimSide.key` (absent from the line when none).
    public var measures: [String: [Double]]

    public init(
        point: Int, replication: Int, metrics: [RegionMetrics], variants: [String: [RegionMetrics]] = [:],
        measures: [String: [Double]] = [:]
    ) {
        self.point = point
        self.replication = replication
        self.metrics = metrics
        self.variants = variants
        self.measures = measures
    }

    /// A record of what `run` measured at grid point `point`.
    public init(point: Int, run: ClaimRun) {
        self.init(
            point: point, replication: run.replication, metrics: run.metrics, variants: run.variantMetrics,
            measures: run.measures)
    }

    /// What the claims evaluate.
    public var claimRun: ClaimRun {
        ClaimRun(replication: replication, metrics: metrics, variantMetrics: variants, measures: measures)
    }

    /// One JSON object, keys in a fixed order (variants and measures sorted by name), without a newline.
    public var jsonLine: String {
        var out = JSONBytes(capacity: 512)
        write(into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends `jsonLine`'s bytes to `out`: `{point, replication, regions[, variants][, measures]}`,
    /// numbers in shortest round-trip form (string interpolation's form), so reading them back gives the
    /// same doubles.
    public func write(into out: inout JSONBytes) {
        out.raw("{\"point\":")
        out.int(point)
        out.raw(",\"replication\":")
        out.int(replication)
        out.raw(",\"regions\":")
        out.array(metrics) { out, region in Self.write(region, into: &out) }
        if !variants.isEmpty {
            out.raw(",\"variants\":")
            Self.object(variants, into: &out) { out, metrics in
                out.array(metrics) { out, region in Self.write(region, into: &out) }
            }
        }
        if !measures.isEmpty {
            out.raw(",\"measures\":")
            Self.object(measures, into: &out) { out, samples in
                out.array(samples) { out, sample in out.append("\(sample)") }
            }
        }
        out.byte(0x7D)
    }

    /// A JSON object of `values` sorted by key, each value written by `value`.
    private static func object<Value>(
        _ values: [String: Value], into out: inout JSONBytes, _ value: (inout JSONBytes, Value) -> Void
    ) {
        out.byte(0x7B)
        for (index, entry) in values.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out.byte(0x2C) }
            out.string(entry.key)
            out.byte(0x3A)
            value(&out, entry.value)
        }
        out.byte(0x7D)
    }

    /// One region's metrics: `{phone[, region][, zone], latencies, counts, opportunities}`, each
    /// metric in `ClaimMetric`'s order.
    static func write(_ metrics: RegionMetrics, into out: inout JSONBytes) {
        MetricsWriter.writeHead(of: metrics, into: &out)
        out.raw(",\"latencies\":")
        byMetric(metrics.latencies, into: &out) { out, samples in
            out.array(samples) { out, sample in out.append("\(sample)") }
        }
        out.raw(",\"counts\":")
        byMetric(metrics.counts, into: &out) { out, count in out.int(count) }
        out.raw(",\"opportunities\":")
        byMetric(metrics.opportunities, into: &out) { out, count in out.int(count) }
        out.byte(0x7D)
    }

    /// A JSON object of `values` keyed by metric name, in `ClaimMetric.allCases` order.
    private static func byMetric<Value>(
        _ values: [ClaimMetric: Value], into out: inout JSONBytes, _ value: (inout JSONBytes, Value) -> Void
    ) {
        out.byte(0x7B)
        var first = true
        for metric in ClaimMetric.allCases {
            guard let entry = values[metric] else { continue }
            if !first { out.byte(0x2C) }
            first = false
            out.string(metric.rawValue)
            out.byte(0x3A)
            value(&out, entry)
        }
        out.byte(0x7D)
    }

    /// The largest `replications.jsonl` read back: 1 GiB, about a million records of a
    /// few regions each (`Experiment.maximumItems`); a limit of this program.
    static let maximumFileBytes = 1 << 30

    /// The largest count or opportunity a record can hold: the events one run may handle
    /// (`ScenarioLimits.maximumEventsPerRun`), so sums over every replication cannot overflow.
    static let maximumCount = Int(ScenarioLimits.maximumEventsPerRun)

    /// Reads every line of a `replications.jsonl` file, checking each record against what the
    /// writer could have produced: a point below `points`, a replication below `replications`,
    /// counts within `maximumCount`, finite latencies; and the file against
    /// `checksum` (the manifest's `recordsSHA256`), so an edited file is named, not merged.
    public static func read(_ url: URL, points: Int, replications: Int, checksum: String?) throws
        -> [ReplicationRecord]
    {
        try read(
            bytes: ExperimentFile.bytes(url.path, limit: maximumFileBytes, what: "replication records"), path: url.path,
            points: points, replications: replications, checksum: checksum)
    }

    /// `read(_:points:replications:checksum:)` on the bytes of the file at `path` (named in the errors).
    static func read(bytes: [UInt8], path: String, points: Int, replications: Int, checksum: String?) throws
        -> [ReplicationRecord]
    {
        if let checksum, SHA256Digest.hex(of: bytes) != checksum {
            throw ExperimentError(
                at: path,
                "the records were changed after they were written (their SHA-256 differs from "
                    + "manifest.json's recordsSHA256); run this shard again")
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw ExperimentError(at: path, "not UTF-8 text")
        }
        return try text.split(separator: "\n").enumerated().map { number, line in
            let record: ReplicationRecord
            do {
                record = try ReplicationRecord(decoding: Data(line.utf8))
            } catch let error as ExperimentError {
                throw ExperimentError(
                    at: "\(path):\(number + 1)", "not a replication record (\(error.message))", cause: error)
            } catch let error as DecodingError {
                throw ExperimentError(
                    at: "\(path):\(number + 1)", "not a replication record (\(ReadModelFile.reason(error)))", cause: error)
            }
            if let problem = record.problem(points: points, replications: replications) {
                throw ExperimentError(
                    at: "\(path):\(number + 1)", "\(problem)")
            }
            return record
        }
    }

    /// The records of the check or sweep folder `folder`, checked against its manifest.
    static func read(folder: URL) throws -> [ReplicationRecord] {
        let manifest = try ExperimentManifest.read(in: folder)
        return try read(
            folder.appendingPathComponent("replications.jsonl"), points: manifest.grid.count,
            replications: manifest.replications, checksum: manifest.recordsSHA256)
    }

    /// The first value outside what the writer could have produced; nil when all hold.
    func problem(points: Int, replications: Int) -> String? {
        guard (0..<points).contains(point) else { return "point \(point) is outside 0…\(points - 1)" }
        guard (0..<replications).contains(replication) else {
            return "replication \(replication) is outside 0…\(replications - 1)"
        }
        for region in metrics + variants.values.flatMap({ $0 }) {
            // Each tally on its own: merged with `max`, a negative count hid behind its opportunities.
            for tally in [region.counts, region.opportunities] {
                for (metric, count) in tally where !(0...Self.maximumCount).contains(count) {
                    return "\(metric.rawValue): count \(count) is outside 0…\(Self.maximumCount)"
                }
            }
            for (metric, series) in region.latencies where !series.allSatisfy(\.isFinite) {
                return "\(metric.rawValue): a latency is not finite"
            }
        }
        if measures.values.contains(where: { !$0.allSatisfy(\.isFinite) }) { return "measures: a value is not finite" }
        return nil
    }

    init(decoding data: Data) throws {
        let line = try JSONDecoder().decode(_Line.self, from: data)
        func keyed<V>(_ values: [String: V]) throws -> [ClaimMetric: V] {
            var result: [ClaimMetric: V] = [:]
            for (key, value) in values {
                guard let metric = ClaimMetric(rawValue: key) else { throw ExperimentError("unknown metric '\(key)'") }
                result[metric] = value
            }
            return result
        }
        let decode = { (regions: [_Line.Region]) in
            try regions.map { region in
                var metrics = RegionMetrics(phone: region.phone, region: region.region, zone: region.zone)
                metrics.latencies = try keyed(region.latencies).mapValues(SampleSeries.init)
                metrics.counts = try keyed(region.counts)
                metrics.opportunities = try keyed(region.opportunities)
                return metrics
            }
        }
        self.init(
            point: line.point, replication: line.replication, metrics: try decode(line.regions),
            variants: try (line.variants ?? [:]).mapValues(decode), measures: line.measures ?? [:])
    }
}

private struct _Line: Decodable {
    struct Region: Decodable {
        var phone: String
        var region: String?
        var zone: String?
        var latencies: [String: [Double]]
        var counts: [String: Int]
        var opportunities: [String: Int]
    }
    var point: Int
    var replication: Int
    var regions: [Region]
    var variants: [String: [Region]]?
    var measures: [String: [Double]]?
}
