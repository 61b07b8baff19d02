// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a run's `metrics.json` (what Reporting's `MetricsWriter.json` writes), as
/// far as the report draws it: the run's length and, per phone and region, its zone and each
/// latency's samples. Keys the report can do without are optional, so an older or hand-trimmed
/// file still reads; a value of the wrong kind is a located error (`ReadModelFile`).
struct MetricsJSON: Decodable, Equatable {
    /// The scenario's duration, s.
    var durationSeconds: Double?
    var regions: [Region]?

    /// One (phone, region) entry: `region` and `zone` are absent for a phone's own entry.
    struct Region: Decodable, Equatable {
        var phone: String?
        var region: String?
        var zone: String?
        /// Per latency metric (`ClaimMetric.rawValue`), its summary.
        var latencies: [String: Latency]?
        /// Per count metric (`missedEntries` …), how many the run counted.
        var counts: [String: Count]?
    }

    /// A count; the report reads only how many (the floor plan's missed entries match it).
    struct Count: Decodable, Equatable {
        var count: Int?
    }

    /// A latency's summary; the report draws only its samples (s).
    struct Latency: Decodable, Equatable {
        var samples: [Double]?
    }

    /// Decodes `text`, the contents of the metrics.json at `path`.
    static func decode(_ text: String, path: String) throws -> MetricsJSON {
        try ReadModelFile.decode(MetricsJSON.self, from: text, path: path, what: "a metrics.json")
    }
}
