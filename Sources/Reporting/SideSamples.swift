// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// One claim side's samples in one run: durations (every event of the run) or a single count,
/// with the opportunities a count metric's `rate` divides by.
struct SideSamples {
    var values: [Double]
    /// Opportunities (zone exits, zone entries, exhibit rangings) for metrics that have them.
    var opportunities: Int?

    init(values: [Double], opportunities: Int? = nil) {
        self.values = values
        self.opportunities = opportunities
    }

    /// The samples of `side` in `run`. Metric latencies pool the selected phones and regions;
    /// counts sum them (one value per run).
    init(_ side: ClaimSide, in run: ClaimRun) {
        switch side.quantity {
        case .metric(let metric):
            let selected = run.metrics(of: side.variant).filter { entry in
                (side.phone == nil || entry.phone == side.phone)
                    && (metric == .notifications ? entry.region == nil : entry.region != nil)
                    && (side.region == nil || metric == .notifications || entry.region == side.region)
            }
            if metric.isSample {
                self.init(values: selected.flatMap { $0.latencies[metric] ?? [] })
            } else {
                let count = selected.reduce(0) { $0 + ($1.counts[metric] ?? 0) }
                let opportunities = selected.reduce(0) { $0 + ($1.opportunities[metric] ?? 0) }
                self.init(values: [Double(count)], opportunities: metric.hasOpportunities ? opportunities : nil)
            }
        case .eventCount:
            self.init(values: run.measures[side.key] ?? [0])
        case .span:
            self.init(values: run.measures[side.key] ?? [])
        }
    }

    /// The run's value in a paired comparison: the mean of its samples (its count for counts).
    var pairValue: Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
