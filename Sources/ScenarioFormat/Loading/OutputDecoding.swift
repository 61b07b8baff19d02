// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `outputs:`: which results files a run writes and how (`OutputSpec`).
enum _OutputDecoding {
    static func outputs(_ node: Node, context: _DecodingContext) -> OutputSpec? {
        guard let map = _MappingReader(node, for: "outputs", table: _SchemaKeys.outputs, context: context) else { return nil }
        return OutputSpec(
            timeline: map.bool("timeline"), ranging: map.choice("ranging", as: OutputSpec.Ranging.self),
            track: map.choice("track", as: OutputSpec.Track.self),
            trackInterval: map.duration("trackInterval", in: 1_000_000...ScenarioLimits.maximumSpan),
            trackRSSIThreshold: map.integer("trackRssiThreshold", in: -127...20),
            trackHeard: map.choice("trackHeard", as: OutputSpec.TrackHeard.self),
            compression: map.choice("compression", as: OutputSpec.Compression.self))
    }
}
