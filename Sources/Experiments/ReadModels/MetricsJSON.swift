// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a run's `metrics.json` (what Reporting's `MetricsWriter.json` writes), as
/// far as the report draws it: the run's length and, per phone and region, its zone, each
/// latency's samples and each count. Keys the report can do without are optional, so an older or hand-trimmed
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
        /// Per counted metric (`missedEntries`, `falseExits` …), its count.
        var counts: [String: Count]?
    }

    /// A counted metric: how often it happened, and out of how many chances when the writer knows;
    /// for `missedEntries`, the zone visits it counted.
    struct Count: Decodable, Equatable {
        var count: Int?
        var opportunities: Int?
        var visits: [Visit]?
    }

    /// A zone visit the metrics counted as a missed entry (s; `zoneExited` is the run's end for a
    /// visit still open then).
    struct Visit: Decodable, Equatable {
        var zoneEntered: Double
        var zoneExited: Double
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
