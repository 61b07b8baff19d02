// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat

/// Human and JSON renderings of claim outcomes.
public enum ClaimReport {
    /// The command that re-runs one replication on a variant (nil = the scenario as written).
    public typealias Rerun = @Sendable (_ replication: Int, _ variant: String?) -> String

    /// One line per condition: `PASS  alice/store  exitLatencyFromZone  p95 = 41.2 s  (<= 60s)  [187 events, 200 runs]`;
    /// `anyOf`/`allOf` as a head line with their parts indented beneath. With `rerun`, a failing
    /// condition is followed by the replications that break it (worst first) and the command
    /// that re-runs the worst.
    public static func lines(_ outcomes: [ClaimOutcome], rerun: Rerun? = nil) -> [String] {
        outcomes.flatMap { lines($0, rerun: rerun) }
    }

    static func lines(_ outcome: ClaimOutcome, rerun: Rerun?) -> [String] {
        guard let claim = outcome.claim.measured else {
            let holding = outcome.parts.filter(\.passed).count
            let head =
                "\(verdict(outcome.passed))  \(combinator(outcome.claim)) of \(outcome.parts.count) claims "
                + "(\(holding) hold)  \(outcome.claim.location)"
            return [head] + outcome.parts.flatMap { lines($0, rerun: rerun).map { "    " + $0 } }
        }
        return outcome.conditions.flatMap { condition in
            [line(condition, claim: claim, runs: outcome.runs, location: outcome.claim.location)]
                + (condition.passed || rerun == nil ? [] : violationLines(condition, claim: claim, rerun: rerun))
        }
    }

    /// One condition's line.
    public static func line(_ condition: ConditionOutcome, claim: MeasuredClaim, runs: Int, location: SourceLocation)
        -> String
    {
        let statistic = condition.condition.statistic
        let isDuration = claim.takesDuration && statistic != .count
        let value = condition.measured.map { format($0, latency: isDuration) } ?? "no samples"
        let interval =
            condition.interval.map {
                "  95% CI " + format($0.lowerBound, latency: claim.takesDuration) + " … "
                    + format($0.upperBound, latency: claim.takesDuration)
            } ?? ""
        let unit =
            claim.versus != nil
            ? "pair" : claim.takesDuration ? "event" : (statistic == .rate ? "opportunity" : "run")
        // A per-run quantity has one sample per run: the runs are said once.
        let counts =
            unit == "run" && condition.sampleCount == runs
            ? Plural.count(runs, "run") : "\(Plural.count(condition.sampleCount, unit)), \(Plural.count(runs, "run"))"
        return "\(verdict(condition.passed))  \(subject(claim))  \(claim.side.quantity)  "
            + "\(statistic) = \(value)\(interval)  (\(condition.condition.text))  "
            + "[\(counts)]  \(location)"
    }

    /// `alice/store`, `all`, `alice@slow`; a comparison `alice@withTask − alice`.
    public static func subject(_ claim: MeasuredClaim) -> String {
        claim.side.subject + (claim.versus.map { " − " + $0.subject } ?? "")
    }

    /// A claim in a few words: `alice/store exitLatencyFromZone`, `anyOf(…; …)`.
    public static func title(_ claim: ClaimSpec) -> String {
        guard let measured = claim.measured else {
            return combinator(claim) + "(" + claim.parts.map(title).joined(separator: "; ") + ")"
        }
        return "\(subject(measured)) \(measured.side.quantity)"
    }

    /// At most this many violating replications are listed per condition in text.
    static let listedViolations = 5

    private static func violationLines(_ condition: ConditionOutcome, claim: MeasuredClaim, rerun: Rerun?) -> [String] {
        guard let worst = condition.violations.first else { return [] }
        let isDuration = claim.takesDuration && condition.condition.statistic != .count
        let listed = condition.violations.prefix(listedViolations).map {
            "\($0.replication) (\(format($0.value, latency: isDuration)))"
        }
        let more = condition.violations.count > listedViolations ? ", …" : ""
        var result = [
            "      violated by \(Plural.count(condition.violations.count, "replication")), worst first: "
                + listed.joined(separator: ", ") + more
        ]
        if let rerun { result.append("      re-run: " + rerun(worst.replication, claim.side.variant)) }
        return result
    }

    static func verdict(_ passed: Bool) -> String { passed ? "PASS" : "FAIL" }

    static func combinator(_ claim: ClaimSpec) -> String {
        if case .anyOf = claim.form { "anyOf" } else { "allOf" }
    }

    static func format(_ value: Double, latency: Bool) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return latency ? "\(rounded) s" : "\(rounded)"
    }
}
