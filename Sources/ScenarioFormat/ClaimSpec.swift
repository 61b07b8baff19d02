// SPDX-License-Identifier: GPL-3.0-or-later

/// A claim under `expect:`: a measured quantity with conditions, or `anyOf:` / `allOf:` over
/// claims, e.g. `{ region: store, metric: exitLatencyFromZone, p95: "<= 60s" }`.
public struct ClaimSpec: Sendable, Equatable {
    public var form: ClaimForm
    public var location: SourceLocation

    public init(_ form: ClaimForm, location: SourceLocation = .unknown) {
        self.form = form
        self.location = location
    }

    /// A claim about a metric, as `expect:` items were before the other forms existed.
    public init(
        phone: String? = nil, region: String? = nil, metric: ClaimMetric, conditions: [ClaimCondition],
        location: SourceLocation = .unknown
    ) {
        let side = ClaimSide(phone: phone, region: region, quantity: .metric(metric))
        self.init(.measured(MeasuredClaim(side: side, conditions: conditions)), location: location)
    }

    /// The measured claim, nil for `anyOf`/`allOf`.
    public var measured: MeasuredClaim? {
        if case .measured(let claim) = form { claim } else { nil }
    }

    /// The parts of `anyOf`/`allOf` (empty for a measured claim).
    public var parts: [ClaimSpec] {
        switch form {
        case .measured: []
        case .anyOf(let parts), .allOf(let parts): parts
        }
    }

    /// Every measured claim in this one, depth first (itself when it is measured).
    public var leaves: [MeasuredClaim] {
        measured.map { [$0] } ?? parts.flatMap(\.leaves)
    }
}

/// The shapes a claim takes.
public enum ClaimForm: Sendable, Equatable {
    /// Statistics of one quantity (or of a paired difference) must meet every condition.
    case measured(MeasuredClaim)
    /// At least one part holds.
    case anyOf([ClaimSpec])
    /// Every part holds.
    case allOf([ClaimSpec])
}

/// A quantity measured on one side (phone, region, variant) and the conditions on its statistics.
///
/// With `versus`, the claim is a comparison: the conditions apply to the paired per-replication
/// differences `side − versus` (both sides run with the same seeds and replication numbers).
public struct MeasuredClaim: Sendable, Equatable {
    public var side: ClaimSide
    /// The other side of a comparison; nil for a plain claim.
    public var versus: ClaimSide?
    /// One condition per statistic key, in `ClaimStatistic` order.
    public var conditions: [ClaimCondition]

    public init(side: ClaimSide, versus: ClaimSide? = nil, conditions: [ClaimCondition]) {
        self.side = side
        self.versus = versus
        self.conditions = conditions
    }

    /// Whether bounds are durations (seconds): latency metrics and event spans.
    public var takesDuration: Bool { side.quantity.isDuration }
}
