// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a check folder's `check.json` (what Reporting's `ClaimReport.json` writes),
/// decoded with `Codable` instead of casts over `JSONSerialization` output. Only `claims` is
/// required, as the readers required before: the rest is optional, so a hand-trimmed check.json
/// (a test's, or an older version's) still reads.
struct CheckJSON: Codable, Equatable {
    /// Every claim held.
    var passed: Bool?
    var claims: [Claim]

    /// A measured claim (`phone`, `region`, `variant`, `metric` or `quantity`, `versus`,
    /// `conditions`) or a combinator (`anyOf` / `allOf` with its parts).
    struct Claim: Codable, Equatable {
        var phone: String?
        var region: String?
        var variant: String?
        /// The metric's name; nil for an event quantity (`quantity`) and for a combinator.
        var metric: String?
        var quantity: String?
        var versus: Side?
        var anyOf: [Claim]?
        var allOf: [Claim]?
        /// Where the claim is written (`file:line:col`).
        var location: String?
        var runs: Int?
        var passed: Bool?
        var conditions: [Condition]?

        /// The side this claim measures.
        var side: Side { Side(phone: phone, region: region, variant: variant, metric: metric, quantity: quantity) }
    }

    /// One side of a claim (its own, or the `versus` side).
    struct Side: Codable, Equatable {
        var phone: String?
        var region: String?
        var variant: String?
        var metric: String?
        var quantity: String?

        /// `phone/region` (`all` when neither), `@variant` for a variant, as `ClaimSide.subject`.
        var subject: String {
            let names = [phone, region].compactMap { $0 }.joined(separator: "/")
            return (names.isEmpty ? "all" : names) + (variant.map { "@\($0)" } ?? "")
        }
    }

    /// One condition of a measured claim, its value over the replications and verdict.
    struct Condition: Codable, Equatable {
        var statistic: String?
        var condition: String?
        var measured: Double?
        /// The 95 % interval's ends, when known.
        var ci95: [Double]?
        var samples: Int?
        var passed: Bool?
        /// The replications that broke a failing condition, worst first.
        var violations: [Violation]?

        /// `ci95` as a range (nil when absent or not two ordered ends).
        var interval: ClosedRange<Double>? {
            guard let ci95, ci95.count == 2, ci95[0] <= ci95[1] else { return nil }
            return ci95[0]...ci95[1]
        }
    }

    struct Violation: Codable, Equatable {
        var replication: Int
        var value: Double
    }

    /// Decodes `bytes` (the contents of a check.json).
    static func decode(_ bytes: Data) throws -> CheckJSON { try JSONDecoder().decode(CheckJSON.self, from: bytes) }
}
