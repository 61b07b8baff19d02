// SPDX-License-Identifier: GPL-3.0-or-later

/// What a claim measures and for whom: a phone (nil = every phone pooled), a region (nil = every
/// region pooled), a scenario variant (nil = the scenario as written) and the quantity.
public struct ClaimSide: Sendable, Hashable {
    public var phone: String?
    public var region: String?
    /// A name under `variants:`; nil = the base scenario.
    public var variant: String?
    public var quantity: ClaimQuantity

    public init(phone: String? = nil, region: String? = nil, variant: String? = nil, quantity: ClaimQuantity) {
        self.phone = phone
        self.region = region
        self.variant = variant
        self.quantity = quantity
    }

    /// `phone/region` (`all` when neither is named), with `@variant` for a variant.
    public var subject: String {
        let names = [phone, region].compactMap { $0 }.joined(separator: "/")
        return (names.isEmpty ? "all" : names) + (variant.map { "@\($0)" } ?? "")
    }

    /// A canonical text naming the side, e.g. `alice/store@slow count didDetermineState{state: inside}`:
    /// the key its per-replication samples are stored under.
    public var key: String { "\(subject) \(quantity.description)" }
}

/// A measured quantity: a built-in metric, a count of timeline events, or the time between two.
public enum ClaimQuantity: Sendable, Hashable, CustomStringConvertible {
    case metric(ClaimMetric)
    /// Matching timeline events per run.
    case eventCount(EventPattern)
    /// Seconds from one timeline event to another of the same phone.
    case span(EventSpan)

    /// Whether samples are durations in seconds (latency metrics, spans) rather than counts.
    public var isDuration: Bool {
        switch self {
        case .metric(let metric): metric.isLatency
        case .eventCount: false
        case .span: true
        }
    }

    /// Whether each run contributes one count (counts) rather than any number of samples.
    public var isCount: Bool {
        if case .metric(let metric) = self { return !metric.isSample }
        return !isDuration
    }

    /// `exitLatencyFromZone`, `count didEnterRegion`, `appStateChanged{to: background} → last didRangeBeacons`.
    public var description: String {
        switch self {
        case .metric(let metric): metric.rawValue
        case .eventCount(let pattern): "count \(pattern)"
        case .span(let span): "\(span.from) → \(span.to)"
        }
    }
}
