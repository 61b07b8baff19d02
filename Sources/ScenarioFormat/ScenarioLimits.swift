// SPDX-License-Identifier: GPL-3.0-or-later

/// The largest inputs BeaconSim accepts, each checked where it is read with a located error.
///
/// They are engineering bounds, not physics: each is far above any deployment study we know of
/// (hours to days of simulated time, hundreds of beacons, tens of phones; see `Scenarios/bench`)
/// and low enough that a run fits in memory and ends in hours, not years. docs/scenario-format.md
/// lists them for users.
public enum ScenarioLimits {
    /// Largest scenario (or imported) file, bytes: 8 MiB (the largest shipped scenario is 77 KB).
    public static let maximumFileBytes = 8 << 20
    /// Deepest nesting of YAML/JSON collections (a scenario needs six levels).
    public static let maximumNestingDepth = 64
    /// Most YAML nodes a file may expand to once aliases are followed (a "billion laughs" file
    /// of a few hundred bytes expands to 10⁸ or more).
    public static let maximumNodes = 1_000_000
    /// Longest simulated span, nanoseconds: 30 days. Bounds `duration`, every time written in a
    /// scenario (waypoint times and dwells, schedules, actions, intervals), the end of every walk,
    /// and the span of a replayed capture.
    public static let maximumSpan: Int64 = 30 * 24 * 3_600 * 1_000_000_000
    /// Most events one replication may be expected to handle: beacon advertising events × phones
    /// plus random user actions. 10¹⁰: the crowd benchmark of issue 13 (1,000 phones × 200 beacons
    /// for one hour, 6.9·10⁹) is a supported size and runs in minutes on one core, since links out
    /// of earshot cost almost nothing; 10¹⁰ of audible links would take hours.
    public static let maximumEventsPerRun: Double = 1e10
    /// Most beacons in one scenario.
    public static let maximumBeacons = 10_000
    /// Most phones in one scenario (its own and imported).
    public static let maximumPhones = 1_000
    /// Most beacon–phone pairs (each holds its own radio state).
    public static let maximumLinks = 1_000_000
    /// Most walls, zones or bystanders in a venue, and waypoints in one path.
    public static let maximumItemsPerList = 100_000
    /// Most replications per scenario.
    public static let maximumReplications = 1_000_000
}
