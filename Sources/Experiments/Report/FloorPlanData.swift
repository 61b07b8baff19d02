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

    /// nil when either file is missing or unreadable (a run folder from an older version).
    init?(plan: String?, track: String?) {
        guard let plan, let track,
            let venue = try? JSONSerialization.jsonObject(with: Data(plan.utf8)) as? [String: Any],
            let size = (venue["size"] as? [NSNumber])?.map(\.doubleValue), size.count == 2
        else { return nil }
        func point(_ any: Any?) -> (Double, Double) {
            let values = (any as? [NSNumber])?.map(\.doubleValue) ?? []
            return values.count == 2 ? (values[0], values[1]) : (0, 0)
        }
        let list = { (key: String) in venue[key] as? [[String: Any]] ?? [] }
        width = size[0]
        height = size[1]
        floorNames = venue["floors"] as? [String] ?? []
        walls = list("walls").map {
            Wall(
                from: point($0["from"]), to: point($0["to"]), material: $0["material"] as? String ?? "",
                floor: $0["floor"] as? Int ?? 0)
        }
        zones = list("zones").map {
            Zone(
                name: $0["name"] as? String ?? "", polygon: ($0["polygon"] as? [Any] ?? []).map(point),
                floor: $0["floor"] as? Int ?? 0)
        }
        beacons = list("beacons").map { beacon in
            let identity = (beacon["uuid"] as? String).map { uuid in
                "\(uuid) \(beacon["major"] as? Int ?? 0) \(beacon["minor"] as? Int ?? 0)"
            }
            return Beacon(
                name: beacon["name"] as? String ?? "", position: point(beacon["position"]), floor: beacon["floor"] as? Int ?? 0,
                identity: identity)
        }
        phones = list("phones").map { phone in
            Phone(
                name: phone["name"] as? String ?? "", sensitivity: (phone["sensitivity"] as? NSNumber)?.doubleValue,
                regions: (phone["regions"] as? [[String: Any]] ?? []).map {
                    ($0["name"] as? String ?? "", $0["beacons"] as? [String] ?? [])
                })
        }
        var tracks: [Track] = []
        for line in track.split(separator: "\n") {
            guard let sample = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let phone = sample["phone"] as? String, let t = (sample["t"] as? NSNumber)?.doubleValue,
                let x = (sample["x"] as? NSNumber)?.doubleValue, let y = (sample["y"] as? NSNumber)?.doubleValue
            else { continue }
            let index =
                tracks.firstIndex { $0.phone == phone }
                ?? {
                    tracks.append(Track(phone: phone))
                    return tracks.count - 1
                }()
            tracks[index].times.append(t)
            tracks[index].points.append((x, y, sample["floor"] as? Int ?? 0))
            tracks[index].heard.append(
                (sample["heard"] as? [[String: Any]] ?? []).map {
                    ($0["beacon"] as? String ?? "?", ($0["rssi"] as? NSNumber)?.doubleValue ?? 0, $0["packets"] as? Int ?? 0)
                })
        }
        self.tracks = tracks
    }
}
