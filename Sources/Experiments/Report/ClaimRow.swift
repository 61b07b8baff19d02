// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import ScenarioFormat

/// One claim condition as the reports show it, read from check.json or a sweep point's claims
/// (`anyOf`/`allOf` parts flattened, each prefixed with its combinator).
struct ClaimRow {
    var subject: String
    /// The claim's phone and region (nil: every phone, or a claim about no region).
    var phone: String?
    var region: String?
    /// A claim about a variant, or one phone or variant against another (`versus`): not drawn on
    /// the base run's figures.
    var comparesOrVaries = false
    var quantity: String
    var statistic: String
    /// The condition as written (`30s..45s`).
    var target: String
    var measured: Double?
    var interval: (Double, Double)?
    var samples: Int
    var runs: Int
    var passed: Bool
    var location: String
    /// `s` for durations (latency metrics), empty for counts and rates.
    var unit: String

    /// `store exitLatencyFromLastPacket mean`.
    var name: String { [subject, quantity, statistic].filter { !$0.isEmpty }.joined(separator: " ") }

    /// The lower and upper end of the target (nil for an open end), in the measured unit:
    /// `<= 15s` → (nil, 15), `30s..45s` → (30, 45), `== 0` → (0, 0).
    var band: (low: Double?, high: Double?)? {
        let text = target.trimmingCharacters(in: .whitespaces)
        for (prefix, isUpper) in [("<=", true), (">=", false), ("<", true), (">", false), ("==", true)]
        where text.hasPrefix(prefix) {
            guard let value = Self.value(String(text.dropFirst(prefix.count))) else { return nil }
            if prefix == "==" { return (value, value) }
            return isUpper ? (nil, value) : (value, nil)
        }
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let low = Self.value(parts[0]), let high = Self.value(parts[1]) else { return nil }
        return (low, high)
    }

    /// A bound: a duration in seconds, or a plain number.
    static func value(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let nanoseconds = DurationText.nanoseconds(trimmed) { return Double(nanoseconds) / 1e9 }
        return Double(trimmed)
    }

    /// Every condition of `claims` (check.json's `claims`, or a sweep point's), in order.
    static func rows(_ claims: [CheckJSON.Claim], prefix: String = "") -> [ClaimRow] {
        claims.flatMap { claim -> [ClaimRow] in
            for (combinator, parts) in [("anyOf", claim.anyOf), ("allOf", claim.allOf)] {
                if let parts { return rows(parts, prefix: prefix + combinator + ": ") }
            }
            let subject = [claim.phone, claim.region, claim.variant].compactMap { $0 }.joined(separator: "/")
            let quantity = claim.metric ?? claim.quantity ?? "?"
            return (claim.conditions ?? []).map { condition in
                let bounds = condition.ci95.flatMap { $0.count == 2 ? ($0[0], $0[1]) : nil }
                let target = condition.condition ?? ""
                // A target written as a duration (`<= 60s`) measures seconds; a plain number, a count or rate.
                let isDuration = target.components(separatedBy: CharacterSet(charactersIn: "<>=. "))
                    .contains { DurationText.nanoseconds($0) != nil }
                return ClaimRow(
                    subject: prefix + (subject.isEmpty ? "all" : subject), phone: claim.phone, region: claim.region,
                    comparesOrVaries: claim.variant != nil || claim.versus != nil, quantity: quantity,
                    statistic: condition.statistic ?? "?", target: target, measured: condition.measured,
                    interval: bounds, samples: condition.samples ?? 0, runs: claim.runs ?? 0,
                    passed: condition.passed ?? false, location: claim.location ?? "", unit: isDuration ? "s" : "")
            }
        }
    }

    /// The claim's bounds as lines on a figure of the latency `metric` of `phone`'s `region` (none for
    /// another metric, region or phone, a paired claim or a count).
    func thresholds(metric: String, phone: String, region: String?) -> [DistributionFigure.Threshold] {
        guard quantity == metric, unit == "s", self.region == region, self.phone == nil || self.phone == phone,
            !comparesOrVaries, let band
        else { return [] }
        let bounds = [(band.low, ">="), (band.high, "<=")].compactMap { value, relation in value.map { ($0, relation) } }
        if let low = band.low, let high = band.high, low == high {
            return [DistributionFigure.Threshold(label: "\(statistic) == \(SVG.label(low)) s", value: low, passed: passed)]
        }
        return bounds.map {
            DistributionFigure.Threshold(label: "\(statistic) \($0.1) \(SVG.label($0.0)) s", value: $0.0, passed: passed)
        }
    }

    /// `35.317 s`, or `—` when nothing was measured.
    func format(_ value: Double?) -> String {
        guard let value else { return "—" }
        return SVG.label(value) + (unit.isEmpty ? "" : " " + unit)
    }
}
