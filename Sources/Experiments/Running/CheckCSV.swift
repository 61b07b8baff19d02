// SPDX-License-Identifier: GPL-3.0-or-later
public import Reporting
internal import ScenarioFormat

/// check.csv, check.json's twin for pandas (`pd.read_csv`): one row per claim condition — `claim`
/// (the column stem of sweep.csv), `phone`, `region`, `variant`, `versus` (the other side of a
/// comparison), `quantity`, `statistic`, `condition` (as written), `value`, `ci95_low`,
/// `ci95_high`, `unit` (`s` for durations, empty for counts and rates), `samples`, `runs`,
/// `passed`, `violations` (replications that broke a failing condition), `worst_replication` and `worst_value`, and
/// `location` (file:line:col of the claim).
public enum CheckCSV {
    public static func text(_ outcomes: [ClaimOutcome]) -> String {
        var rows = [
            [
                "claim", "phone", "region", "variant", "versus", "quantity", "statistic", "condition", "value", "ci95_low",
                "ci95_high", "unit", "samples", "runs", "passed", "violations", "worst_replication", "worst_value",
                "location",
            ]
        ]
        let names = ExperimentSummary.columnNames(outcomes)
        var index = 0
        for (_, outcome) in outcomes.flatMap(\.leaves) {
            for condition in outcome.conditions {
                let claim = outcome.claim.measured
                let isDuration = (claim?.takesDuration ?? false) && condition.condition.statistic != .count
                // As in check.json, the replications are listed for a failing condition only.
                let violations = condition.passed ? [] : condition.violations
                let worst = violations.first
                rows.append([
                    names.indices.contains(index) ? names[index] : "", claim?.side.phone ?? "", claim?.side.region ?? "",
                    claim?.side.variant ?? "", claim?.versus.map(\.subject) ?? "", claim?.side.quantity.description ?? "",
                    condition.condition.statistic.description, condition.condition.text,
                    ExperimentSummary.number(condition.measured), ExperimentSummary.number(condition.interval?.lowerBound),
                    ExperimentSummary.number(condition.interval?.upperBound), isDuration ? "s" : "",
                    String(condition.sampleCount), String(outcome.runs), condition.passed ? "true" : "false",
                    String(violations.count), worst.map { String($0.replication) } ?? "",
                    ExperimentSummary.number(worst?.value), outcome.claim.location.description,
                ])
                index += 1
            }
        }
        return CSVText.table(rows)
    }
}
