// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat
internal import Stochastics

/// metrics.csv, metrics.json's flat twin for pandas (`pd.read_csv`): one row per phone, region and
/// metric — `phone`, `region`, `zone` (empty when none), `metric`, `kind` (`latency`, a sample
/// such as `firstHeardDistance`, or `count`), then for a sample `count`, `min`, `mean`, `p50`, `p95`,
/// `max` and their `unit` (`s`, or `m` for distances), for a count `count` and `opportunities` (where
/// the metric has them). The samples themselves are in
/// metrics.json (and, over many replications, in a check's replications.csv).
public enum MetricsCSV {
    public static func text(_ metrics: [RegionMetrics]) -> String {
        var rows = [
            [
                "phone", "region", "zone", "metric", "kind", "count", "min", "mean", "p50", "p95", "max", "unit",
                "opportunities",
            ]
        ]
        let number = { (value: Double?) in value.map { JSONText.number($0, decimals: 6) } ?? "" }
        for entry in metrics {
            let subject = [entry.phone, entry.region ?? "", entry.zone ?? ""]
            for metric in ClaimMetric.allCases where metric.isSample {
                guard let samples = entry.latencies[metric], !samples.isEmpty else { continue }
                let summary = SampleSummary(samples)
                rows.append(
                    subject + [
                        metric.rawValue, metric.isLatency ? "latency" : "sample", String(summary.count), number(summary.minimum),
                        number(summary.mean),
                        number(summary.quantile(0.5)), number(summary.quantile(0.95)), number(summary.maximum),
                        metric.isLatency ? "s" : "m", "",
                    ])
            }
            for metric in ClaimMetric.allCases where !metric.isSample {
                guard let count = entry.counts[metric] else { continue }
                rows.append(
                    subject + [
                        metric.rawValue, "count", String(count), "", "", "", "", "", "",
                        entry.opportunities[metric].map(String.init) ?? "",
                    ])
            }
        }
        return CSVText.table(rows)
    }
}
