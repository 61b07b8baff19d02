// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// Human and JSON renderings of claim outcomes.
public enum ClaimReport {
    /// One line per condition: `PASS  alice/store  exitLatencyFromZone  p95 = 41.2 s  (<= 60s)  [187 events, 200 runs]`.
    public static func lines(_ outcomes: [ClaimOutcome]) -> [String] {
        outcomes.flatMap { outcome in
            outcome.conditions.map { condition in
                let claim = outcome.claim
                let subject = [claim.phone, claim.region].compactMap { $0 }.joined(separator: "/")
                let value =
                    condition.measured.map {
                        format($0, latency: claim.metric.isLatency && condition.condition.statistic != .count)
                    }
                    ?? "no samples"
                let interval =
                    condition.interval.map {
                        "  95% CI " + format($0.lowerBound, latency: claim.metric.isLatency) + " … "
                            + format($0.upperBound, latency: claim.metric.isLatency)
                    } ?? ""
                let unit = claim.metric.isSample ? "events" : (condition.condition.statistic == .rate ? "opportunities" : "runs")
                return "\(condition.passed ? "PASS" : "FAIL")  \(subject.isEmpty ? "all" : subject)  \(claim.metric.rawValue)  "
                    + "\(condition.condition.statistic.rawValue) = \(value)\(interval)  (\(condition.condition.text))  "
                    + "[\(condition.sampleCount) \(unit), \(outcome.runs) runs]  \(claim.location)"
            }
        }
    }

    /// check.json: every claim with its conditions, measured values and verdicts.
    public static func json(_ outcomes: [ClaimOutcome]) -> String {
        JSONText.object([
            ("passed", outcomes.allSatisfy(\.passed) ? "true" : "false"),
            ("claims", JSONText.array(outcomes.map(claimJSON))),
        ]) + "\n"
    }

    /// One claim outcome as a JSON object (as in check.json).
    public static func claimJSON(_ outcome: ClaimOutcome) -> String {
        var fields: [(String, String)] = []
        if let phone = outcome.claim.phone { fields.append(("phone", JSONText.string(phone))) }
        if let region = outcome.claim.region { fields.append(("region", JSONText.string(region))) }
        fields += [
            ("metric", JSONText.string(outcome.claim.metric.rawValue)),
            ("location", JSONText.string(outcome.claim.location.description)),
            ("runs", String(outcome.runs)),
            ("passed", outcome.passed ? "true" : "false"),
            (
                "conditions",
                JSONText.array(
                    outcome.conditions.map { condition in
                        JSONText.object([
                            ("statistic", JSONText.string(condition.condition.statistic.rawValue)),
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
                        ])
                    })
            ),
        ]
        return JSONText.object(fields)
    }

    static func format(_ value: Double, latency: Bool) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return latency ? "\(rounded) s" : "\(rounded)"
    }
}
