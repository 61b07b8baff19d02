// SPDX-License-Identifier: GPL-3.0-or-later

/// A claim under `expect:`, e.g. `{ region: store, metric: exitLatencyFromZone, p95: "<= 60s" }`.
///
/// Each statistic key present becomes one condition; all must hold over the replications.
public struct ClaimSpec: Sendable, Equatable {
    /// The phone the claim is about; nil = every phone pooled.
    public var phone: String?
    /// The region; nil = every region pooled.
    public var region: String?
    public var metric: ClaimMetric
    public var conditions: [ClaimCondition]
    public var location: SourceLocation

    public init(
        phone: String? = nil, region: String? = nil, metric: ClaimMetric, conditions: [ClaimCondition],
        location: SourceLocation = .unknown
    ) {
        self.phone = phone
        self.region = region
        self.metric = metric
        self.conditions = conditions
        self.location = location
    }
}

/// A measured quantity a claim can be about.
public enum ClaimMetric: String, Sendable, Equatable, CaseIterable {
    /// didEnterRegion time minus the zone-entry time (s; negative if detected before the crossing).
    case entryLatencyFromZone
    /// didEnterRegion time minus the first received packet of the region after being outside (s).
    case entryLatencyFromFirstPacket
    /// didExitRegion time minus the zone-exit time (s).
    case exitLatencyFromZone
    /// didExitRegion time minus the last received packet of the region (s).
    case exitLatencyFromLastPacket
    /// didExitRegion time minus the instant the region's last powered beacon switched off (s).
    case exitLatencyFromPowerOff
    /// Time between consecutive didRangeBeacons callbacks (s).
    case rangingInterval
    /// didDetermineState time minus the screen-on that caused it (s).
    case stateLatencyFromScreenOn
    /// Exits while the phone was still in the zone with the region's beacons on (count per run).
    case falseExits
    /// Zone exits or power-offs with no didExitRegion before the next entry or the end (count).
    case missedExits
    /// Zone entries with no didEnterRegion before leaving the zone (count per run).
    case missedEntries
    /// didEnterRegion callbacks (count per run).
    case entries
    /// didExitRegion callbacks (count per run).
    case exits
    /// Local notifications the app posted (count per run).
    case notifications
    /// monitoringDidFail callbacks for the region, e.g. beyond the 20-region limit (count per run).
    case monitoringFailures
    /// didRangeBeacons callbacks of the region, while the phone is in a zone named after a beacon,
    /// whose first (nearest) beacon is not that beacon (count; `rate` is over such callbacks).
    case wrongNearest
    /// didExitRegion callbacks that came after their exit had already been counted missed (more
    /// than `missedAfter` after the zone exit or power-off): left out of every exit latency (count).
    case lateExits

    /// Whether the metric is a latency in seconds (conditions take durations) or a count.
    public var isLatency: Bool {
        switch self {
        case .entryLatencyFromZone, .entryLatencyFromFirstPacket, .exitLatencyFromZone, .exitLatencyFromLastPacket,
            .exitLatencyFromPowerOff, .rangingInterval, .stateLatencyFromScreenOn:
            true
        case .falseExits, .missedExits, .missedEntries, .entries, .exits, .notifications, .monitoringFailures, .wrongNearest,
            .lateExits:
            false
        }
    }
}

/// One statistic compared with a bound: `p95: "<= 60s"`, `mean: "20s..50s"`, `rate: "<= 0.05"`.
public struct ClaimCondition: Sendable, Equatable {
    public var statistic: ClaimStatistic
    public var comparison: Comparison
    /// The bound in seconds for latencies, plain number otherwise.
    public var bound: Double
    /// Upper bound of a `..` range (inclusive), in the same unit.
    public var upperBound: Double?
    /// The condition as written, for messages.
    public var text: String

    public init(statistic: ClaimStatistic, comparison: Comparison, bound: Double, upperBound: Double? = nil, text: String) {
        self.statistic = statistic
        self.comparison = comparison
        self.bound = bound
        self.upperBound = upperBound
        self.text = text
    }

    public enum Comparison: String, Sendable, Equatable {
        case lessOrEqual = "<=", less = "<", greaterOrEqual = ">=", greater = ">", equal = "==", within = ".."
    }
}

/// A statistic over all samples of a metric across replications.
///
/// For latencies the samples are the individual events; for counts they are the per-run counts,
/// and `rate` is the total count divided by the number of opportunities (zone exits for
/// `missedExits`, zone entries for `missedEntries`, runs otherwise).
public enum ClaimStatistic: String, Sendable, Equatable, CaseIterable {
    case min, max, mean, p50, p90, p95, p99, count, rate
}
