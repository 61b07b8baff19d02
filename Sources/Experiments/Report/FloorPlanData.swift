// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// What the run report's floor plan is drawn from, read back from a run folder: `plan.json` (the
/// venue) and `track.jsonl` (each phone's position and the beacons it heard, once a second).
struct FloorPlanData {
    struct Wall {
        var from: (Double, Double)
        var to: (Double, Double)
        var material: String
        var floor: Int
    }
    struct Zone {
        var name: String
        var polygon: [(Double, Double)]
        var floor: Int
    }
    struct Beacon {
        var name: String
        var position: (Double, Double)
        var floor: Int
        /// `UUID major minor` of an iBeacon (nil for other frames or an older plan.json).
        var identity: String?
    }
    /// A phone's receiver and regions, from plan.json (absent from older folders).
    struct Phone {
        var name: String
        /// The receiving device's sensitivity, dBm.
        var sensitivity: Double?
        /// Each monitored region and the beacons it matches.
        var regions: [(name: String, beacons: [String])]
    }
    /// One phone's samples in time order; `heard` per sample: (beacon, mean RSSI dBm, packets).
    struct Track {
        var phone: String
        var times: [Double] = []
        var points: [(x: Double, y: Double, floor: Int)] = []
        var heard: [[(beacon: String, rssi: Double, packets: Int)]] = []

        /// The position at `t`, linear between the samples around it.
        func position(at t: Double) -> (x: Double, y: Double, floor: Int)? {
            guard let first = times.first else { return nil }
            guard t > first else { return points.first }
            guard let after = times.firstIndex(where: { $0 >= t }) else { return points.last }
            let (a, b) = (points[after - 1], points[after])
            let span = times[after] - times[after - 1]
            let f = span > 0 ? (t - times[after - 1]) / span : 1
            return (a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, f < 0.5 ? a.floor : b.floor)
        }
    }

    var width: Double
    var height: Double
    var floorNames: [String]
    var walls: [Wall]
    var zones: [Zone]
    var beacons: [Beacon]
    var phones: [Phone]
    var tracks: [Track]

    var floorCount: Int { max(1, floorNames.count) }

    /// nil when either file is missing (a run folder from an older version); throws a located error
    /// when one is not what the writer writes (`planPath`, `trackPath` name them).
    init?(plan: String?, track: String?, planPath: String = "plan.json", trackPath: String = "track.jsonl") throws {
        guard let plan, let track else { return nil }
        let venue = try PlanJSON.decode(plan, path: planPath)
        guard venue.size.count == 2 else { return nil }
        let samples = try TrackLine.decode(track, path: trackPath)
        func point(_ values: [Double]?) -> (Double, Double) {
            guard let values, values.count == 2 else { return (0, 0) }
            return (values[0], values[1])
        }
        width = venue.size[0]
        height = venue.size[1]
        floorNames = venue.floors ?? []
        walls = (venue.walls ?? []).map {
            Wall(from: point($0.from), to: point($0.to), material: $0.material ?? "", floor: $0.floor ?? 0)
        }
        zones = (venue.zones ?? []).map {
            Zone(name: $0.name ?? "", polygon: ($0.polygon ?? []).map(point), floor: $0.floor ?? 0)
        }
        beacons = (venue.beacons ?? []).map { beacon in
            let identity = beacon.uuid.map { uuid in "\(uuid) \(beacon.major ?? 0) \(beacon.minor ?? 0)" }
            return Beacon(
                name: beacon.name ?? "", position: point(beacon.position), floor: beacon.floor ?? 0, identity: identity)
        }
        phones = (venue.phones ?? []).map { phone in
            Phone(
                name: phone.name ?? "", sensitivity: phone.sensitivity,
                regions: (phone.regions ?? []).map { ($0.name ?? "", $0.beacons ?? []) })
        }
        var tracks: [Track] = []
        for sample in samples {
            let index =
                tracks.firstIndex { $0.phone == sample.phone }
                ?? {
                    tracks.append(Track(phone: sample.phone))
                    return tracks.count - 1
                }()
            tracks[index].times.append(sample.t)
            tracks[index].points.append((sample.x, sample.y, sample.floor ?? 0))
            tracks[index].heard.append(
                (sample.heard ?? []).map { ($0.beacon ?? "?", $0.rssi ?? 0, $0.packets ?? 0) })
        }
        self.tracks = tracks
    }
}
