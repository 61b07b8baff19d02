// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat
internal import SimulationCore
internal import Stochastics

/// Writes metrics.json for one run: counters, then per phone and region every latency with its
/// samples and summary, and every count with its opportunities. Keys are in a fixed order.
///
/// Written into one byte buffer (`JSONBytes`, the bytes `JSONText` would build): a crowd's file
/// has an entry per phone and region, too many for a `String` per value.
public enum MetricsWriter {
    public static func text(scenario: Scenario, result: RunResult, metrics: [RegionMetrics]) -> String {
        var out = JSONBytes()
        write(scenario: scenario, result: result, metrics: metrics, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends metrics.json's bytes, its final newline included.
    public static func write(scenario: Scenario, result: RunResult, metrics: [RegionMetrics], into out: inout JSONBytes) {
        write(scenario: scenario, result: result, metrics: metrics) { piece in piece(&out) }
    }

    /// Writes metrics.json's bytes as pieces, each handed to `emit` to be formatted into its
    /// buffer (`ResultFile.write(_:)`, which sends a full buffer on): the run's counters, then one
    /// region at a time, so no buffer holds the whole file — a ranging crowd's samples grow with
    /// the simulated duration (an interval per second per phone and region). Without the final
    /// newline when `finalNewline` is false (`run --json` embeds the object).
    public static func write(
        scenario: Scenario, result: RunResult, metrics: [RegionMetrics], finalNewline: Bool = true,
        inPieces emit: (_ piece: (inout JSONBytes) -> Void) -> Void
    ) {
        emit { out in
            writeOpening(scenario: scenario, result: result, into: &out)
            out.byte(0x5B)
        }
        for (index, entry) in metrics.enumerated() {
            emit { out in
                if index > 0 { out.byte(0x2C) }
                write(entry, into: &out)
            }
        }
        emit { out in finalNewline ? out.raw("]}\n") : out.raw("]}") }
    }

    /// metrics.json up to its `"regions":` key (the counters of the run).
    private static func writeOpening(scenario: Scenario, result: RunResult, into out: inout JSONBytes) {
        let received = result.packetsSent > 0 ? Double(result.packetsReceived) / Double(result.packetsSent) : 0
        out.raw("{\"scenario\":")
        out.string(scenario.name)
        out.raw(",\"seed\":")
        out.unsigned(result.seed)
        out.raw(",\"replication\":")
        out.int(result.replication)
        out.raw(",\"durationSeconds\":")
        out.number(Double(scenario.duration) / 1e9)
        out.raw(",\"packetsSent\":")
        out.int(result.packetsSent)
        out.raw(",\"packetsReceived\":")
        out.int(result.packetsReceived)
        out.raw(",\"receivedFraction\":")
        out.number(received, decimals: 6)
        out.raw(",\"regions\":")
    }

    static func write(_ metrics: RegionMetrics, into out: inout JSONBytes) {
        writeHead(of: metrics, into: &out)
        out.raw(",\"latencies\":{")
        var first = true
        for metric in ClaimMetric.allCases where metric.isSample {
            guard let samples = metrics.latencies[metric], !samples.isEmpty else { continue }
            if !first { out.byte(0x2C) }
            first = false
            out.string(metric.rawValue)
            out.byte(0x3A)
            summary(samples, into: &out)
        }
        out.raw("},\"counts\":{")
        first = true
        for metric in ClaimMetric.allCases where !metric.isSample {
            guard let count = metrics.counts[metric] else { continue }
            if !first { out.byte(0x2C) }
            first = false
            out.string(metric.rawValue)
            out.raw(":{\"count\":")
            out.int(count)
            if let opportunities = metrics.opportunities[metric] {
                out.raw(",\"opportunities\":")
                out.int(opportunities)
            }
            if metric == .missedEntries, !metrics.missedEntryVisits.isEmpty {
                out.raw(",\"visits\":")
                out.array(metrics.missedEntryVisits) { out, visit in
                    out.raw("{\"zoneEntered\":")
                    out.number(visit.zoneEntered.seconds, decimals: 9)
                    out.raw(",\"zoneExited\":")
                    out.number(visit.zoneExited.seconds, decimals: 9)
                    out.byte(0x7D)
                }
            }
            out.byte(0x7D)
        }
        out.raw("}}")
    }

    /// The start of a region's metrics object, `{"phone":…[,"region":…][,"zone":…]` (no closing
    /// brace): metrics.json's regions and the replication records (Experiments) open alike.
    package static func writeHead(of metrics: RegionMetrics, into out: inout JSONBytes) {
        out.raw("{\"phone\":")
        out.string(metrics.phone)
        if let region = metrics.region {
            out.raw(",\"region\":")
            out.string(region)
        }
        if let zone = metrics.zone {
            out.raw(",\"zone\":")
            out.string(zone)
        }
    }

    /// `{count, min, mean, p50, p95, max, samples}` of latencies in seconds.
    public static func summary(_ samples: SampleSeries) -> String {
        var out = JSONBytes()
        summary(samples, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func summary(_ samples: SampleSeries, into out: inout JSONBytes) {
        let summary = SampleSummary(samples)
        let number = { (out: inout JSONBytes, value: Double?) in
            if let value { out.number(value, decimals: 6) } else { out.raw("null") }
        }
        out.raw("{\"count\":")
        out.int(summary.count)
        out.raw(",\"min\":")
        number(&out, summary.minimum)
        out.raw(",\"mean\":")
        number(&out, summary.mean)
        out.raw(",\"p50\":")
        number(&out, summary.quantile(0.5))
        out.raw(",\"p95\":")
        number(&out, summary.quantile(0.95))
        out.raw(",\"max\":")
        number(&out, summary.maximum)
        out.raw(",\"samples\":")
        sampleList(samples, into: &out)
        out.byte(0x7D)
    }

    /// The samples as a JSON array, each to 9 decimals (a run of equal values is formatted once).
    static func sampleList(_ samples: SampleSeries) -> String {
        var out = JSONBytes()
        sampleList(samples, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    static func sampleList(_ samples: SampleSeries, into out: inout JSONBytes) {
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
    }
}
