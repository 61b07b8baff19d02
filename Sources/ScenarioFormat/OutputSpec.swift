// SPDX-License-Identifier: GPL-3.0-or-later

/// What a run writes beside metrics.json and manifest.json (`outputs:`, `beaconsim run`'s output
/// options): the timeline, how much of each ranging callback, the track and its sampling, and
/// compression. A key left out takes the default for the run's phone count (`resolved(phones:)`).
public struct OutputSpec: Sendable, Equatable {
    /// How a didRangeBeacons record of timeline.jsonl is written.
    public enum Ranging: String, Sendable, CaseIterable {
        /// Every beacon ranged, with identity, rssi, accuracy and proximity (`beacons`).
        case full
        /// The number of beacons ranged (`beaconCount`) instead of the list.
        case count
        /// No didRangeBeacons records (the metrics still count them).
        case off
    }

    /// How track.jsonl samples the phones.
    public enum Track: String, Sendable, CaseIterable {
        /// A line per phone every `trackInterval`.
        case every
        /// A phone's line only when its walking leg or the set of beacons it heard changed since its
        /// last line (checked every `trackInterval`); with `trackRSSIThreshold`, the set heard at or
        /// above it, so a threshold crossing is a change and beacons flickering at the edge of
        /// reach are not.
        case changes
        /// No track.jsonl (nor plan.json).
        case off
    }

    /// Which beacons a track line lists in `heard`.
    public enum TrackHeard: String, Sendable, CaseIterable {
        /// Every beacon the phone heard in the interval.
        case all
        /// Only the beacons whose strongest RSSI in the interval reached `trackRSSIThreshold` (with
        /// `track: changes`, the ones that decide a change), with their packets at or above it;
        /// every beacon when no threshold is set.
        case threshold
    }

    /// How the .jsonl files are stored.
    public enum Compression: String, Sendable, CaseIterable {
        case none
        /// gzip (`timeline.jsonl.gz`, `track.jsonl.gz`), which pandas reads with `compression="gzip"`
        /// (or by the name) and `beaconsim report` reads as it is.
        case gzip
    }

    public var timeline: Bool?
    public var ranging: Ranging?
    public var track: Track?
    /// Nanoseconds between track samples.
    public var trackInterval: Int64?
    /// dBm; with `track: changes`, only beacons whose strongest RSSI in an interval reaches it count,
    /// so a crossing either way changes the phone's line.
    public var trackRSSIThreshold: Int?
    public var trackHeard: TrackHeard?
    public var compression: Compression?

    public init(
        timeline: Bool? = nil, ranging: Ranging? = nil, track: Track? = nil, trackInterval: Int64? = nil,
        trackRSSIThreshold: Int? = nil, trackHeard: TrackHeard? = nil, compression: Compression? = nil
    ) {
        self.timeline = timeline
        self.ranging = ranging
        self.track = track
        self.trackInterval = trackInterval
        self.trackRSSIThreshold = trackRSSIThreshold
        self.trackHeard = trackHeard
        self.compression = compression
    }

    /// More phones than this make a crowd, whose outputs default to the compact ones. A choice of
    /// this project, not a measured figure (grade: rule of thumb): ten phones written in full are
    /// still a few MB per simulated minute, while a hundred ranging phones write about 40 MB.
    public static let crowdPhones = 10

    /// A crowd's default `trackRSSIThreshold`, dBm: beacons this strong are the ones a phone is
    /// near (a few metres with the iBeacon measured power of −59 dBm at 1 m), so its line changes
    /// as it passes them, not with every weak packet. A choice of this project (grade: rule of
    /// thumb); set `trackRssiThreshold` for another.
    public static let crowdTrackThreshold = -70

    /// The outputs in effect: the keys set here, the others from `other` (a scenario's own, under
    /// the command line's), then the defaults for `phones` phones. One phone up to `crowdPhones`:
    /// the full timeline, a track line every second, no compression (what a new user expects to
    /// open). A crowd: ranging records with the count of beacons, the track on changes of the
    /// beacons heard at or above `crowdTrackThreshold`, listing only those beacons, gzip.
    public func resolved(over other: OutputSpec? = nil, phones: Int) -> OutputSpec {
        let crowd = phones > Self.crowdPhones
        let other = other ?? OutputSpec()
        return OutputSpec(
            timeline: timeline ?? other.timeline ?? true,
            ranging: ranging ?? other.ranging ?? (crowd ? .count : .full),
            track: track ?? other.track ?? (crowd ? .changes : .every),
            trackInterval: trackInterval ?? other.trackInterval ?? 1_000_000_000,
            trackRSSIThreshold: trackRSSIThreshold ?? other.trackRSSIThreshold ?? (crowd ? Self.crowdTrackThreshold : nil),
            trackHeard: trackHeard ?? other.trackHeard ?? (crowd ? .threshold : .all),
            compression: compression ?? other.compression ?? (crowd ? .gzip : Compression.none))
    }

    /// The name a .jsonl file `name` is stored under (`timeline.jsonl.gz` with gzip).
    public func fileName(_ name: String) -> String { compression == .gzip ? name + ".gz" : name }
}
