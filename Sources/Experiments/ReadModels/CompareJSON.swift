// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a compare folder's `compare.json` (what Reporting's `LayoutComparison.json`
/// writes): the layouts, the verdict rows with a cell per layout and the paired difference to the
/// first, and each latency's samples per layout. Keys the report can do without are optional; a
/// value of the wrong kind is a located error (`ReadModelFile`).
struct CompareJSON: Decodable, Equatable {
    var layouts: [Layout]?
    var rows: [Row]?
    var latencies: [Latency]?

    struct Layout: Decodable, Equatable {
        var name: String?
        /// The layout's scenario file.
        var path: String?
        var beacons: Int?
        /// 1 for the layout meeting the most claims.
        var rank: Int?
        var claimsMet: Int?
        var claims: Int?
        /// Per zone, the fraction of it covered (null when not measured).
        var coverage: [String: Double?]?
        /// The shortest battery life of its beacons, years (null when no beacon names a chip and battery).
        var batteryLifeShortestYears: Double?
        /// Its coverage maps' file names, one per floor.
        var maps: [String]?
    }

    /// A claim condition or metric, one cell per layout.
    struct Row: Decodable, Equatable {
        var kind: String?
        var title: String?
        var location: String?
        /// `s` for durations, else empty.
        var unit: String?
        var cells: [Cell]?
        /// Per layout, the paired difference to the first layout (null for the first).
        var differences: [Difference?]?
    }

    /// A layout's measured value with its 95 % interval (`low`, `high`) and verdict (claims only).
    struct Cell: Decodable, Equatable {
        var value: Double?
        var low: Double?
        var high: Double?
        var samples: Int?
        var passed: Bool?
    }

    /// The paired difference to the first layout: mean, 95 % interval, pairs; `resolved` when the
    /// interval excludes 0.
    struct Difference: Decodable, Equatable {
        var mean: Double?
        var low: Double?
        var high: Double?
        var pairs: Int?
        var resolved: Bool?
    }

    /// One latency of one phone/region: each layout's pooled samples, s.
    struct Latency: Decodable, Equatable {
        var subject: String?
        var metric: String?
        var samples: [[Double]]?
    }

    /// Decodes `text`, the contents of the compare.json at `path`.
    static func decode(_ text: String, path: String) throws -> CompareJSON {
        try ReadModelFile.decode(CompareJSON.self, from: text, path: path, what: "a compare.json")
    }
}
