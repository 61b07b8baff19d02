// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of one line of a run's `track.jsonl` (what Reporting's `TrackWriter` writes per
/// phone every `trackInterval`, or on changes): time (s), position (m) and floor, and each beacon
/// heard in the interval ending at `t` with its mean RSSI (dBm) and packet count. A value of the wrong kind is a located error.
struct TrackLine: Decodable, Equatable {
    var t: Double
    var phone: String
    var x: Double
    var y: Double
    var floor: Int?
    var heard: [Heard]?

    struct Heard: Decodable, Equatable {
        var beacon: String?
        /// Mean RSSI over the second's packets, dBm.
        var rssi: Double?
        var packets: Int?
    }

    /// Decodes every line of `text`, the contents of the track.jsonl at `path`.
    static func decode(_ text: String, path: String) throws -> [TrackLine] {
        try ReadModelFile.decodeLines(TrackLine.self, from: text, path: path, what: "a track record")
    }
}
