// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a sweep folder's `sweep.json` (what `ExperimentSummary.json` writes): the
/// swept axes and, per point, its settings, verdict and claims (each as in check.json, so
/// `CheckJSON.Claim`). Keys the report can do without are optional; a value of the wrong kind is a
/// located error (`ReadModelFile`).
struct SweepJSON: Decodable, Equatable {
    var axes: [Axis]?
    var points: [Point]?

    /// One swept parameter: its path and its values in sweep order.
    struct Axis: Decodable, Equatable {
        var path: String?
        var values: [String]?
    }

    struct Point: Decodable, Equatable {
        /// The point's value of each swept path.
        var settings: [String: String]?
        /// Every claim held at this point.
        var passed: Bool?
        var claims: [CheckJSON.Claim]?
    }

    /// Decodes `text`, the contents of the sweep.json at `path`.
    static func decode(_ text: String, path: String) throws -> SweepJSON {
        try ReadModelFile.decode(SweepJSON.self, from: text, path: path, what: "a sweep.json")
    }
}
