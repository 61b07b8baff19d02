// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

extension ClaimReport {
    /// check.json: every claim with its conditions, measured values and verdicts.
    public static func json(_ outcomes: [ClaimOutcome]) -> String {
        JSONText.object([
            ("passed", outcomes.allSatisfy(\.passed) ? "true" : "false"),
            ("claims", JSONText.array(outcomes.map(claimJSON))),
        ]) + "\n"
    }

    /// One claim outcome as a JSON object (as in check.json): a measured claim with `phone`,
    /// `region`, `variant`, `metric` (or `quantity` for events), `versus` and its conditions
    /// (failing ones list their `violations`, worst first); `anyOf`/`allOf` with their parts.
    public static func claimJSON(_ outcome: ClaimOutcome) -> String {
        guard let claim = outcome.claim.measured else {
            return JSONText.object([
                (combinator(outcome.claim), JSONText.array(outcome.parts.map(claimJSON))),
                ("location", JSONText.string(outcome.claim.location.description)),
                ("runs", String(outcome.runs)),
                ("passed", outcome.passed ? "true" : "false"),
            ])
        }
        var fields = sideFields(claim.side)
        if let versus = claim.versus { fields.append(("versus", JSONText.object(sideFields(versus)))) }
        fields += [
            ("location", JSONText.string(outcome.claim.location.description)),
            ("runs", String(outcome.runs)),
            ("passed", outcome.passed ? "true" : "false"),
            ("conditions", JSONText.array(outcome.conditions.map(conditionJSON))),
        ]
        return JSONText.object(fields)
    }

    private static func sideFields(_ side: ClaimSide) -> [(String, String)] {
        var fields: [(String, String)] = []
        if let phone = side.phone { fields.append(("phone", JSONText.string(phone))) }
        if let region = side.region { fields.append(("region", JSONText.string(region))) }
        if let variant = side.variant { fields.append(("variant", JSONText.string(variant))) }
        if case .metric(let metric) = side.quantity {
            fields.append(("metric", JSONText.string(metric.rawValue)))
        } else {
            fields.append(("quantity", JSONText.string(side.quantity.description)))
        }
        return fields
    }

    private static func conditionJSON(_ condition: ConditionOutcome) -> String {
        var fields = [
            ("statistic", JSONText.string(condition.condition.statistic.description)),
            ("condition", JSONText.string(condition.condition.text)),
            ("measured", condition.measured.map { JSONText.number($0, decimals: 6) } ?? "null"),
            (
                "ci95",
                condition.interval.map {
                    JSONText.array([
                        JSONText.number($0.lowerBound, decimals: 6), JSONText.number($0.upperBound, decimals: 6),
                    ])
                } ?? "null"
            ),
            ("samples", String(condition.sampleCount)),
            ("passed", condition.passed ? "true" : "false"),
        ]
        if !condition.passed, !condition.violations.isEmpty {
            fields.append(
                (
                    "violations",
                    JSONText.array(
                        condition.violations.map {
                            JSONText.object([
                                ("replication", String($0.replication)), ("value", JSONText.number($0.value, decimals: 6)),
                            ])
                        })
                ))
        }
        return JSONText.object(fields)
    }
}
