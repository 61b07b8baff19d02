// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
public import ScenarioFormat

/// Summaries computed from replication records: every claim at every grid point, as rows of
/// `sweep.csv` (one per point) and as `sweep.json`. Deterministic text: the same records give the
/// same bytes, whichever machine or shard produced them.
public enum ExperimentSummary {
    /// Claims evaluated per point over that point's records, in replication order.
    public static func evaluate(claims: [ClaimSpec], points: Int, records: [ReplicationRecord]) -> [[ClaimOutcome]] {
        var runs = [[ClaimRun]](repeating: [], count: points)
        for record in records.sorted(by: { ($0.point, $0.replication) < ($1.point, $1.replication) })
        where record.point < points {
            runs[record.point].append(record.claimRun)
        }
        return runs.map { pointRuns in claims.map { ClaimEvaluator.evaluate($0, runs: pointRuns) } }
    }

    /// Column stem of each claim condition: `store.exitLatencyFromLastPacket.mean` (subject
    /// `phone/region`, `all` when the claim names neither, `@variant`, ` − other` for a
    /// comparison; parts of `anyOf`/`allOf` prefixed `anyOf[2].`), made unique with `#2`, `#3`.
    public static func columnNames(_ outcomes: [ClaimOutcome]) -> [String] {
        var seen: [String: Int] = [:]
        return outcomes.flatMap(\.leaves).flatMap { path, outcome in
            outcome.conditions.map { condition in
                let claim = outcome.claim.measured
                let subject = claim.map(ClaimReport.subject) ?? "all"
                let quantity = claim?.side.quantity.description ?? ""
                let stem = (path.isEmpty ? "" : path + ".") + "\(subject).\(quantity).\(condition.condition.statistic)"
                seen[stem, default: 0] += 1
                return seen[stem] == 1 ? stem : "\(stem)#\(seen[stem] ?? 0)"
            }
        }
    }

    /// Every condition of `outcomes` in column order (parts of `anyOf`/`allOf` included).
    public static func conditions(_ outcomes: [ClaimOutcome]) -> [ConditionOutcome] {
        outcomes.flatMap(\.leaves).flatMap(\.outcome.conditions)
    }

    /// The `sweep.csv` stem of each claim condition: `columnNames` with the unit appended to latency
    /// statistics (`store.exitLatencyFromLastPacket.mean_s`), so every numeric column names its unit.
    public static func csvStems(_ outcomes: [ClaimOutcome]) -> [String] {
        let units = outcomes.flatMap(\.leaves).flatMap { _, outcome in
            outcome.conditions.map { condition in
                (outcome.claim.measured?.takesDuration ?? false) && condition.condition.statistic != .count ? "_s" : ""
            }
        }
        return zip(columnNames(outcomes), units).map { $0 + $1 }
    }

    /// The axis columns of a table: per axis its path and, for a numeric axis (`AxisValues`), a
    /// `PATH.unit` column; values as numbers (`0.1`, `s`) or, for a categorical axis, as written.
    static func axisHeader(_ grid: SweepGrid) -> [String] {
        grid.axes.flatMap { axis in AxisValues(axis) == nil ? [axis.path] : [axis.path, axis.path + ".unit"] }
    }

    static func axisFields(_ grid: SweepGrid, point: Int) -> [String] {
        let values = grid.values(at: point)
        return zip(grid.axes, values).flatMap { axis, value -> [String] in
            guard let numeric = AxisValues(axis), let index = axis.values.firstIndex(of: value) else { return [value] }
            return [JSONText.number(numeric.numbers[index]), numeric.unit]
        }
    }

    /// sweep.csv, read as is by pandas: `point`, the axes (numbers with a unit column, or
    /// categories), `passed`, then per claim condition its value, 95 % interval ends (named with
    /// their unit: `…mean_s`, `…mean_s.ci95_low`), sample count and verdict.
    public static func csv(grid: SweepGrid, points: [[ClaimOutcome]]) -> String {
        let stems = csvStems(points.first ?? [])
        var header = ["point"] + axisHeader(grid) + ["passed"]
        for stem in stems {
            header += [stem, stem + ".ci95_low", stem + ".ci95_high", stem + ".samples", stem + ".passed"]
        }
        var rows = [header]
        for (index, outcomes) in points.enumerated() {
            var row = [String(index)] + axisFields(grid, point: index) + [outcomes.allSatisfy(\.passed) ? "true" : "false"]
            for condition in conditions(outcomes) {
                row += [
                    number(condition.measured), number(condition.interval?.lowerBound),
                    number(condition.interval?.upperBound),
                    String(condition.sampleCount), condition.passed ? "true" : "false",
                ]
            }
            rows.append(row)
        }
        return CSVText.table(rows)
    }

    /// replications.csv, `replications.jsonl` flattened to one row per number: `point`, the axes
    /// (as in sweep.csv), `replication`, `phone`, `region` (empty for phone-level counts),
    /// `metric`, `kind` (`latency`, `count` or `opportunities`), `value` and `unit` (`s` for
    /// latencies). Rows follow the records' order; latency samples in the order they happened.
    public static func replicationsCSV(grid: SweepGrid, records: [ReplicationRecord]) -> String {
        var rows = [["point"] + axisHeader(grid) + ["replication", "phone", "region", "metric", "kind", "value", "unit"]]
        for record in records {
            let prefix = [String(record.point)] + axisFields(grid, point: record.point) + [String(record.replication)]
            for entry in record.metrics {
                let subject = prefix + [entry.phone, entry.region ?? ""]
                for metric in ClaimMetric.allCases {
                    for sample in entry.latencies[metric] ?? [] {
                        rows.append(subject + [metric.rawValue, "latency", "\(sample)", "s"])
                    }
                    if let count = entry.counts[metric] { rows.append(subject + [metric.rawValue, "count", String(count), ""]) }
                    if let opportunities = entry.opportunities[metric] {
                        rows.append(subject + [metric.rawValue, "opportunities", String(opportunities), ""])
                    }
                }
            }
        }
        return CSVText.table(rows)
    }

    /// sweep.json: scenario, seed, replications, axes, then per point its settings and claims
    /// (each as in check.json). No times or machine names, so merged shards give the same bytes.
    public static func json(folder: ExperimentFolder, points: [[ClaimOutcome]]) -> String {
        JSONText.object([
            ("scenario", JSONText.string(folder.scenario.name)),
            ("scenarioHash", JSONText.string(folder.scenario.sourceHash)),
            ("seed", String(folder.seed)),
            ("replications", String(folder.replications)),
            ("axes", axesJSON(folder.grid)),
            (
                "points",
                JSONText.array(
                    points.enumerated().map { index, outcomes in
                        JSONText.object([
                            ("point", String(index)),
                            (
                                "settings",
                                JSONText.object(
                                    folder.grid.settings(at: index).map { ($0.path, JSONText.string($0.value)) })
                            ),
                            ("passed", outcomes.allSatisfy(\.passed) ? "true" : "false"),
                            ("claims", JSONText.array(outcomes.map(ClaimReport.claimJSON))),
                        ])
                    })
            ),
        ]) + "\n"
    }

    static func axesJSON(_ grid: SweepGrid) -> String {
        JSONText.array(
            grid.axes.map { axis in
                JSONText.object([
                    ("path", JSONText.string(axis.path)), ("values", JSONText.array(axis.values.map(JSONText.string))),
                ])
            })
    }

    static func number(_ value: Double?) -> String { value.map { JSONText.number($0, decimals: 6) } ?? "" }
}
