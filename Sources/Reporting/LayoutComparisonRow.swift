// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// One row of `compare`'s table: a claim condition (with a verdict per layout) or a metric of one
/// phone and region (no verdict), with each layout's value and 95 % interval and, for every layout
/// after the first, the paired difference to the first (`PairedDifference`).
public struct LayoutComparisonRow: Sendable {
    public enum Kind: String, Sendable {
        /// A condition of an `expect:` claim of one of the layouts.
        case claim
        /// A metric of one phone and region, measured in every layout (entry and exit latencies,
        /// false, missed and late exits, missed entries, `wrongNearest`, …).
        case metric
    }

    /// One layout's value.
    public struct Cell: Sendable {
        /// The statistic (seconds for durations), nil when there was nothing to measure.
        public var measured: Double?
        /// 95 % interval as `check` gives it (t for means, order statistics for percentiles,
        /// Wilson for rates over opportunities).
        public var interval: ClosedRange<Double>?
        /// Samples behind it (events, runs or opportunities).
        public var samples: Int
        /// The claim's verdict in this layout; nil for a metric.
        public var passed: Bool?
    }

    public var kind: Kind
    /// `visitor/exhibits`, `all`, `alice − bob`.
    public var subject: String
    /// The metric or event quantity, e.g. `wrongNearest`.
    public var quantity: String
    /// `p90`, `mean`, `rate`, … (empty for the head row of an `anyOf`/`allOf` claim).
    public var statistic: String
    /// The claim's condition (`<= 0.1`), nil for a metric.
    public var target: String?
    /// Where the claim is written (`museum.yaml:40:5`), nil for a metric.
    public var location: String?
    /// Whether values are durations in seconds.
    public var isDuration: Bool
    /// One per layout.
    public var cells: [Cell]
    /// Layout k minus the first, replication by replication; nil for the first layout and for a
    /// compound claim's head row.
    public var differences: [PairedDifference?]

    /// `visitor/exhibits wrongNearest rate <= 0.1`.
    public var title: String {
        [subject, quantity, statistic, target ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The unit of values: `s` for durations, empty otherwise.
    public var unit: String { isDuration ? "s" : "" }

    /// One row per condition of every claim (compound claims: a head row with the verdict, then
    /// their parts' conditions, `anyOf[2]` naming the part).
    static func claimRows(_ comparison: LayoutComparison) -> [LayoutComparisonRow] {
        comparison.claims.indices.flatMap { index -> [LayoutComparisonRow] in
            let outcomes = comparison.layouts.map { $0.outcomes[index] }
            guard let first = outcomes.first else { return [] }
            var rows: [LayoutComparisonRow] = []
            if first.claim.measured == nil {
                rows.append(
                    LayoutComparisonRow(
                        kind: .claim, subject: ClaimReport.title(first.claim), quantity: "", statistic: "",
                        target: ReportVerdictText.combinator(first.claim), location: "\(first.claim.location)",
                        isDuration: false,
                        cells: outcomes.map { Cell(measured: nil, interval: nil, samples: $0.runs, passed: $0.passed) },
                        differences: outcomes.map { _ in nil }))
            }
            let leaves = outcomes.map(\.leaves)
            for (leafIndex, leaf) in first.leaves.enumerated() {
                guard let claim = leaf.outcome.claim.measured else { continue }
                for (conditionIndex, condition) in leaf.outcome.conditions.enumerated() {
                    let cells = leaves.map { layoutLeaves -> Cell in
                        let outcome = layoutLeaves[leafIndex].outcome.conditions[conditionIndex]
                        return Cell(
                            measured: outcome.measured, interval: outcome.interval, samples: outcome.sampleCount,
                            passed: outcome.passed)
                    }
                    let statistic = condition.condition.statistic
                    let values = comparison.layouts.map {
                        ClaimEvaluator.replicationValues(claim, statistic: statistic, runs: $0.runs)
                    }
                    rows.append(
                        LayoutComparisonRow(
                            kind: .claim,
                            subject: (leaf.path.isEmpty ? "" : leaf.path + " ") + ClaimReport.subject(claim),
                            quantity: claim.side.quantity.description, statistic: "\(statistic)",
                            target: condition.condition.text, location: "\(leaf.outcome.claim.location)",
                            isDuration: claim.takesDuration && statistic != .count, cells: cells,
                            differences: Self.differences(values)))
                }
            }
            return rows
        }
    }

    /// Per phone and region (as the runs measured them), every metric any layout measured, plus
    /// false, missed and late exits and missed entries even where none happened: the mean of a
    /// latency (pooled samples), the rate of a metric over its opportunities (`missedExits`,
    /// `missedEntries`, `wrongNearest`), the mean per run of any other count.
    static func metricRows(_ comparison: LayoutComparison) -> [LayoutComparisonRow] {
        var subjects: [(phone: String, region: String)] = []
        var measured: [String: Set<ClaimMetric>] = [:]
        for layout in comparison.layouts {
            for run in layout.runs {
                for entry in run.metrics {
                    guard let region = entry.region else { continue }
                    let key = entry.phone + "/" + region
                    if measured[key] == nil { subjects.append((entry.phone, region)) }
                    measured[key, default: []].formUnion(entry.latencies.keys)
                    measured[key, default: []].formUnion(entry.counts.keys)
                    measured[key, default: []].formUnion(entry.opportunities.keys)
                }
            }
        }
        let always: Set<ClaimMetric> = [.falseExits, .missedExits, .missedEntries, .lateExits]
        return subjects.flatMap { phone, region -> [LayoutComparisonRow] in
            let metrics = measured[phone + "/" + region, default: []].union(always)
            return ClaimMetric.allCases.filter(metrics.contains).map { metric in
                let statistic: ClaimStatistic = metric.isSample || !metric.hasOpportunities ? .mean : .rate
                let claim = MeasuredClaim(
                    side: ClaimSide(phone: phone, region: region, quantity: .metric(metric)),
                    conditions: [
                        ClaimCondition(statistic: statistic, comparison: .greaterOrEqual, bound: -.infinity, text: "")
                    ])
                let cells = comparison.layouts.map { layout -> Cell in
                    let outcome = ClaimEvaluator.evaluate(ClaimSpec(.measured(claim)), runs: layout.runs).conditions[0]
                    return Cell(
                        measured: outcome.measured, interval: outcome.interval, samples: outcome.sampleCount,
                        passed: nil)
                }
                let values = comparison.layouts.map {
                    ClaimEvaluator.replicationValues(claim, statistic: statistic, runs: $0.runs)
                }
                return LayoutComparisonRow(
                    kind: .metric, subject: "\(phone)/\(region)", quantity: metric.rawValue,
                    statistic: metric.isSample || metric.hasOpportunities ? "\(statistic)" : "per run",
                    target: nil, location: nil, isDuration: metric.isLatency, cells: cells,
                    differences: Self.differences(values))
            }
        }
    }

    private static func differences(_ values: [[Int: Double]]) -> [PairedDifference?] {
        values.indices.map { $0 == 0 ? nil : PairedDifference(a: values[0], b: values[$0]) }
    }
}

/// Words for a compound claim's head row.
enum ReportVerdictText {
    static func combinator(_ claim: ClaimSpec) -> String {
        if case .anyOf = claim.form { "anyOf: one part holds" } else { "allOf: every part holds" }
    }
}
