// SPDX-License-Identifier: GPL-3.0-or-later

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
    /// At the run's first didEnterRegion, the plan distance from the phone to the nearest beacon
    /// of the region when the first packet the OS used was received (metres; one sample per run).
    case firstHeardDistance

    /// Whether the metric is a latency in seconds (conditions take durations) or a count.
    public var isLatency: Bool {
        switch self {
        case .entryLatencyFromZone, .entryLatencyFromFirstPacket, .exitLatencyFromZone, .exitLatencyFromLastPacket,
            .exitLatencyFromPowerOff, .rangingInterval, .stateLatencyFromScreenOn:
            true
        case .falseExits, .missedExits, .missedEntries, .entries, .exits, .notifications, .monitoringFailures, .wrongNearest,
            .lateExits, .firstHeardDistance:
            false
        }
    }

    /// Whether the metric is a set of samples pooled over runs (latencies in seconds, distances in
    /// metres) rather than a count per run.
    public var isSample: Bool { isLatency || self == .firstHeardDistance }

    /// Whether `rate` divides by opportunities (zone exits, zone entries, exhibit rangings)
    /// rather than by runs.
    public var hasOpportunities: Bool { self == .missedExits || self == .missedEntries || self == .wrongNearest }
}
