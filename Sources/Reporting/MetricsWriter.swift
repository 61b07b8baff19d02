// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat
internal import Stochastics

/// Writes metrics.json for one run: counters, then per phone and region every latency with its
/// samples and summary, and every count with its opportunities. Keys are in a fixed order.
public enum MetricsWriter {
    public static func text(scenario: Scenario, result: RunResult, metrics: [RegionMetrics]) -> String {
        let received = result.packetsSent > 0 ? Double(result.packetsReceived) / Double(result.packetsSent) : 0
        let fields: [(String, String)] = [
            ("scenario", JSONText.string(scenario.name)),
            ("seed", String(result.seed)),
            ("replication", String(result.replication)),
            ("durationSeconds", JSONText.number(Double(scenario.duration) / 1e9)),
            ("packetsSent", String(result.packetsSent)),
            ("packetsReceived", String(result.packetsReceived)),
            ("receivedFraction", JSONText.number(received, decimals: 6)),
            ("regions", JSONText.array(metrics.map(entry))),
        ]
        return JSONText.object(fields) + "\n"
    }

    static func entry(_ metrics: RegionMetrics) -> String {
        var fields: [(String, String)] = [("phone", JSONText.string(metrics.phone))]
        if let region = metrics.region { fields.append(("region", JSONText.string(region))) }
        if let zone = metrics.zone { fields.append(("zone", JSONText.string(zone))) }
        let latencies = ClaimMetric.allCases.filter(\.isSample).compactMap { metric -> (String, String)? in
            guard let samples = metrics.latencies[metric], !samples.isEmpty else { return nil }
            return (metric.rawValue, summary(samples))
        }
        fields.append(("latencies", JSONText.object(latencies)))
        let counts = ClaimMetric.allCases.filter { !$0.isSample }.compactMap { metric -> (String, String)? in
            guard let count = metrics.counts[metric] else { return nil }
            var parts: [(String, String)] = [("count", String(count))]
            if let opportunities = metrics.opportunities[metric] { parts.append(("opportunities", String(opportunities))) }
            return (metric.rawValue, JSONText.object(parts))
        }
        fields.append(("counts", JSONText.object(counts)))
        return JSONText.object(fields)
    }

    /// `{count, min, mean, p50, p95, max, samples}` of latencies in seconds.
    public static func summary(_ samples: SampleSeries) -> String {
        let summary = SampleSummary(samples)
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 6) } ?? "null" }
        return JSONText.object([
            ("count", String(summary.count)),
            ("min", number(summary.minimum)),
            ("mean", number(summary.mean)),
            ("p50", number(summary.quantile(0.5))),
            ("p95", number(summary.quantile(0.95))),
            ("max", number(summary.maximum)),
            ("samples", sampleList(samples)),
        ])
    }

    /// The samples as a JSON array, each to 9 decimals, written as bytes (a run of equal values is
    /// formatted once; no array of strings the length of a long run's series).
    static func sampleList(_ samples: SampleSeries) -> String {
        var out = JSONBytes()
        var last: (bits: UInt64, range: Range<Int>)?
        out.array(samples) { out, sample in
            if let last, last.bits == sample.bitPattern {
                out.repeat(last.range)
            } else {
                let start = out.count
                out.number(sample, decimals: 9)
                last = (sample.bitPattern, start..<out.count)
            }
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
