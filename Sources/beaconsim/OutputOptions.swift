// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import ScenarioFormat

/// `run`'s choice of what is written beside metrics.json and manifest.json; each option overrides
/// the scenario's `outputs:` key, and what neither sets takes the default for the phone count
/// (`OutputSpec.resolved`; docs/scenario-format.md, "outputs").
struct OutputOptions: ParsableArguments {
    @Flag(
        inversion: .prefixedNo,
        help: "Write timeline.jsonl (default: the scenario's outputs.timeline, else yes).")
    var timeline: Bool?

    @Option(help: "didRangeBeacons records in the timeline: full, count (beaconCount only) or off.")
    var ranging: RangingChoice?

    @Option(
        help: "track.jsonl: every (a line per phone per interval), changes (only when a phone's leg or beacons changed) or off.")
    var track: TrackChoice?

    @Option(help: "Time between track samples, e.g. 5s (default 1s).")
    var trackInterval: DurationArgument?

    @Option(
        parsing: .unconditional,
        help: "With --track changes, an RSSI (dBm, e.g. --track-rssi-threshold -70) whose crossing changes a phone's line.")
    var trackRssiThreshold: Int?

    @Option(
        help:
            "Beacons a track line lists: all (every beacon heard) or threshold (those at or above --track-rssi-threshold; a crowd's default)."
    )
    var trackHeard: TrackHeardChoice?

    @Option(help: "Compress timeline and track: none or gzip (.jsonl.gz).")
    var compress: CompressionChoice?

    /// The options given, as an `OutputSpec` to lay over the scenario's.
    var spec: OutputSpec {
        OutputSpec(
            timeline: timeline, ranging: ranging?.value, track: track?.value,
            trackInterval: trackInterval?.duration.nanoseconds, trackRSSIThreshold: trackRssiThreshold,
            trackHeard: trackHeard?.value, compression: compress?.value)
    }

    func validate() throws {
        if let trackInterval, trackInterval.duration.nanoseconds < 1_000_000 {
            throw ValidationError("--track-interval must be at least 1ms")
        }
        if let trackRssiThreshold, !(-127...20).contains(trackRssiThreshold) {
            throw ValidationError("--track-rssi-threshold must be between -127 and 20 dBm")
        }
    }
}

/// `--ranging`'s values (`OutputSpec.Ranging`).
struct RangingChoice: ExpressibleByArgument {
    var value: OutputSpec.Ranging
    init?(argument: String) {
        guard let value = OutputSpec.Ranging(rawValue: argument) else { return nil }
        self.value = value
    }
    static var allValueStrings: [String] { OutputSpec.Ranging.allCases.map(\.rawValue) }
}

/// `--track`'s values (`OutputSpec.Track`).
struct TrackChoice: ExpressibleByArgument {
    var value: OutputSpec.Track
    init?(argument: String) {
        guard let value = OutputSpec.Track(rawValue: argument) else { return nil }
        self.value = value
    }
    static var allValueStrings: [String] { OutputSpec.Track.allCases.map(\.rawValue) }
}

/// `--track-heard`'s values (`OutputSpec.TrackHeard`).
struct TrackHeardChoice: ExpressibleByArgument {
    var value: OutputSpec.TrackHeard
    init?(argument: String) {
        guard let value = OutputSpec.TrackHeard(rawValue: argument) else { return nil }
        self.value = value
    }
    static var allValueStrings: [String] { OutputSpec.TrackHeard.allCases.map(\.rawValue) }
}

/// `--compress`'s values (`OutputSpec.Compression`).
struct CompressionChoice: ExpressibleByArgument {
    var value: OutputSpec.Compression
    init?(argument: String) {
        guard let value = OutputSpec.Compression(rawValue: argument) else { return nil }
        self.value = value
    }
    static var allValueStrings: [String] { OutputSpec.Compression.allCases.map(\.rawValue) }
}
