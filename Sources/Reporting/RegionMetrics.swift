// SPDX-License-Identifier: GPL-3.0-or-later
public import ScenarioFormat
public import SimulationCore

/// What one run measured for one phone and region (or, for `notifications`, the phone alone).
public struct RegionMetrics: Sendable, Equatable {
    public var phone: String
    /// nil for phone-level metrics (notifications).
    public var region: String?
    /// The ground-truth zone used, if any.
    public var zone: String?
    /// Samples by metric: latencies in seconds, `firstHeardDistance` in metres (runs of equal
    /// values stored once: `SampleSeries`).
    public var latencies: [ClaimMetric: SampleSeries] = [:]
    /// Counts by metric (false exits, missed exits, …).
    public var counts: [ClaimMetric: Int] = [:]
    /// For missed exits/entries: how many exits/entries could have been missed.
    public var opportunities: [ClaimMetric: Int] = [:]
    /// The zone visits counted in `missedEntries`, in order: when the phone entered the zone and
    /// when it left (the run's end for a visit still open then), so the report marks the very
    /// visits the metrics counted.
    public var missedEntryVisits: [MissedVisit] = []

    /// A zone visit during which the app was never told it entered the region.
    public struct MissedVisit: Sendable, Equatable {
        public var zoneEntered: SimTime
        public var zoneExited: SimTime

        public init(zoneEntered: SimTime, zoneExited: SimTime) {
            self.zoneEntered = zoneEntered
            self.zoneExited = zoneExited
        }
    }

    public init(phone: String, region: String?, zone: String?) {
        self.phone = phone
        self.region = region
        self.zone = zone
    }

    mutating func add(_ metric: ClaimMetric, seconds: Double) { latencies[metric, default: []].append(seconds) }
    mutating func count(_ metric: ClaimMetric, by amount: Int = 1) { counts[metric, default: 0] += amount }
    mutating func opportunity(_ metric: ClaimMetric) { opportunities[metric, default: 0] += 1 }
}
