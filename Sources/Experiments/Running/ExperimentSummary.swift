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

    /// sweep.csv: `point`, one column per axis, `passed`, then per claim condition its value
    /// (seconds for latencies), 95 % interval ends, sample count and verdict.
    public static func csv(grid: SweepGrid, points: [[ClaimOutcome]]) -> String {
        let stems = columnNames(points.first ?? [])
        var header = ["point"] + grid.axes.map(\.path) + ["passed"]
        for stem in stems {
            header += [stem, stem + ".ci95_low", stem + ".ci95_high", stem + ".samples", stem + ".passed"]
        }
        var lines = [header.map(field).joined(separator: ",")]
        for (index, outcomes) in points.enumerated() {
            var row = [String(index)] + grid.values(at: index) + [outcomes.allSatisfy(\.passed) ? "true" : "false"]
            for condition in conditions(outcomes) {
                row += [
                    number(condition.measured), number(condition.interval?.lowerBound),
                    number(condition.interval?.upperBound),
                    String(condition.sampleCount), condition.passed ? "true" : "false",
                ]
            }
            lines.append(row.map(field).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
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

    /// A CSV field, quoted when it holds a comma, quote or newline (RFC 4180).
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
