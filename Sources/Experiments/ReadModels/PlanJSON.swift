// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of a run's `plan.json` (what Reporting's `TrackWriter.plan` writes): the venue
/// (size and floors in m, walls, zones, beacons with their iBeacon identity) and each phone's
/// receiver sensitivity and monitored regions. `size` is required; the rest is optional so an
/// older file still reads; a value of the wrong kind is a located error (`ReadModelFile`).
struct PlanJSON: Decodable, Equatable {
    /// Width and height, m.
    var size: [Double]
    var floors: [String]?
    var walls: [Wall]?
    var zones: [Zone]?
    var beacons: [Beacon]?
    var phones: [Phone]?

    /// A wall from one point to another (`[x, y]`, m).
    struct Wall: Decodable, Equatable {
        var from: [Double]?
        var to: [Double]?
        var material: String?
        var floor: Int?
    }

    struct Zone: Decodable, Equatable {
        var name: String?
        /// Corners, each `[x, y]`, m.
        var polygon: [[Double]]?
        var floor: Int?
    }

    /// A beacon; `uuid`, `major` and `minor` only for one that sends iBeacon frames.
    struct Beacon: Decodable, Equatable {
        var name: String?
        var position: [Double]?
        var floor: Int?
        var uuid: String?
        var major: Int?
        var minor: Int?
    }

    struct Phone: Decodable, Equatable {
        var name: String?
        /// The receiving device's sensitivity, dBm.
        var sensitivity: Double?
        var regions: [Region]?
    }

    /// A monitored region and the names of the beacons it matches.
    struct Region: Decodable, Equatable {
        var name: String?
        var beacons: [String]?
    }

    /// Decodes `text`, the contents of the plan.json at `path`.
    static func decode(_ text: String, path: String) throws -> PlanJSON {
        try ReadModelFile.decode(PlanJSON.self, from: text, path: path, what: "a plan.json")
    }
}
