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

    public init(point: Int, replication: Int, metrics: [RegionMetrics]) {
        self.point = point
        self.replication = replication
        self.metrics = metrics
    }

    /// One JSON object, keys in a fixed order, without a newline.
    public var jsonLine: String {
        JSONText.object([
            ("point", String(point)), ("replication", String(replication)),
            ("regions", JSONText.array(metrics.map(Self.regionJSON))),
        ])
    }

    static func regionJSON(_ metrics: RegionMetrics) -> String {
        var fields: [(String, String)] = [("phone", JSONText.string(metrics.phone))]
        if let region = metrics.region { fields.append(("region", JSONText.string(region))) }
        if let zone = metrics.zone { fields.append(("zone", JSONText.string(zone))) }
        let latencies = ClaimMetric.allCases.compactMap { metric in
            metrics.latencies[metric].map { (metric.rawValue, JSONText.array($0.map { "\($0)" })) }
        }
        let counts = ClaimMetric.allCases.compactMap { metric in
            metrics.counts[metric].map { (metric.rawValue, String($0)) }
        }
        let opportunities = ClaimMetric.allCases.compactMap { metric in
            metrics.opportunities[metric].map { (metric.rawValue, String($0)) }
        }
        fields += [
            ("latencies", JSONText.object(latencies)), ("counts", JSONText.object(counts)),
            ("opportunities", JSONText.object(opportunities)),
        ]
        return JSONText.object(fields)
    }

    /// Reads every line of a `replications.jsonl` file.
    public static func read(_ url: URL) throws -> [ReplicationRecord] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").enumerated().map { number, line in
            do {
                return try ReplicationRecord(decoding: Data(line.utf8))
            } catch {
                throw ExperimentError("\(url.path):\(number + 1): not a replication record (\(error))")
            }
        }
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
        self.init(
            point: line.point, replication: line.replication,
            metrics: try line.regions.map { region in
                var metrics = RegionMetrics(phone: region.phone, region: region.region, zone: region.zone)
                metrics.latencies = try keyed(region.latencies)
                metrics.counts = try keyed(region.counts)
                metrics.opportunities = try keyed(region.opportunities)
                return metrics
            })
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
}
