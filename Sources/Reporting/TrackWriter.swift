// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import RadioPropagation
public import ScenarioFormat
public import SimulationCore

/// `track.jsonl` and `plan.json`, beside a run's timeline: what the report's floor plan draws.
///
/// track.jsonl has one line per phone per second of simulated time, in time order: `t` (s),
/// `phone`, its position `x`, `y` (m) and `floor` on its walk, and `heard`, the beacons its radio
/// received since the previous line, each with `packets`, mean `rssi` and strongest `maxRssi` (dBm)
/// (with `trackHeard: threshold`, only the beacons and packets at or above the threshold).
/// plan.json is the venue as the scenario draws it: size, floors, walls (with material), zones and
/// beacons with their positions (m) and, for iBeacons, their `uuid`, `major` and `minor` (to join
/// ranging records to the plan), and the phones with their receiver's `sensitivity` (dBm) and each
/// monitored region's beacons (names).
public enum TrackWriter {
    /// Seconds between track samples: a walker covers about a metre, fine enough to draw and
    /// to place callbacks along the walk.
    public static let interval = SimDuration.seconds(1)

    /// Starts streaming `world`'s track into `file` (call before the run; `finish(at:)` after):
    /// a sample every `interval`, or with `onlyChanges` a phone's sample only when it changed;
    /// with `listsOnlyThreshold`, each line's `heard` only the beacons at or above `rssiThreshold`
    /// (`TrackRecorder`).
    public static func record(
        _ world: World, into file: ResultFile, interval: SimDuration = interval, onlyChanges: Bool = false,
        rssiThreshold: Int? = nil, listsOnlyThreshold: Bool = false
    ) -> TrackRecorder {
        // Names are escaped once, not per line.
        let phones = world.phoneNames.map(quoted)
        let beacons = world.beaconNames.map(quoted)
        return TrackRecorder(
            world: world, interval: interval, onlyChanges: onlyChanges, rssiThreshold: rssiThreshold,
            listsOnlyThreshold: listsOnlyThreshold
        ) {
            sample in
            file.write { write(sample, phone: phones[sample.phone], beaconNames: beacons, into: &$0) }
        }
    }

    /// `name` as a JSON string literal's bytes.
    package static func quoted(_ name: String) -> [UInt8] {
        var out = JSONBytes()
        out.string(name)
        return out.bytes
    }

    /// One line of track.jsonl (without the newline).
    static func line(_ sample: TrackRecorder.Sample, phone: String, beaconNames: [String]) -> String {
        var out = JSONBytes()
        write(sample, phone: quoted(phone), beaconNames: beaconNames.map(quoted), into: &out)
        out.removeLast()
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends one line of track.jsonl and its newline; `phone` and `beaconNames` are quoted names.
    package static func write(_ sample: TrackRecorder.Sample, phone: [UInt8], beaconNames: [[UInt8]], into out: inout JSONBytes) {
        out.raw("{\"t\":")
        out.number(sample.time.seconds)
        out.raw(",\"phone\":")
        out.append(bytes: phone)
        out.raw(",\"x\":")
        out.number(sample.position.x, decimals: 2)
        out.raw(",\"y\":")
        out.number(sample.position.y, decimals: 2)
        out.raw(",\"floor\":")
        out.int(sample.floor)
        out.raw(",\"heard\":")
        out.array(sample.heard) { out, heard in
            out.raw("{\"beacon\":")
            if beaconNames.indices.contains(heard.beacon) {
                out.append(bytes: beaconNames[heard.beacon])
            } else {
                out.raw("\"?\"")
            }
            out.raw(",\"packets\":")
            out.int(heard.packets)
            out.raw(",\"rssi\":")
            out.number(heard.meanRSSI, decimals: 1)
            out.raw(",\"maxRssi\":")
            out.int(heard.maxRSSI)
            out.byte(0x7D)
        }
        out.raw("}\n")
    }

    /// plan.json for `scenario`.
    public static func plan(_ scenario: Scenario) -> String {
        var out = JSONBytes()
        plan(scenario, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends plan.json's bytes for `scenario`, its final newline included (a crowd's phones and
    /// their regions' beacons make it large: written as bytes, not a `String` per value).
    public static func plan(_ scenario: Scenario, into out: inout JSONBytes) {
        let point = { (out: inout JSONBytes, p: Point2D) in
            out.byte(0x5B)
            out.number(p.x, decimals: 3)
            out.byte(0x2C)
            out.number(p.y, decimals: 3)
            out.byte(0x5D)
        }
        let venue = scenario.venue
        out.raw("{\"scenario\":")
        out.string(scenario.name)
        out.raw(",\"size\":[")
        out.number(venue.width)
        out.byte(0x2C)
        out.number(venue.height)
        out.raw("],\"floors\":")
        out.array(venue.floors) { out, floor in out.string(floor.name ?? "") }
        out.raw(",\"walls\":")
        out.array(venue.walls) { out, wall in
            out.raw("{\"from\":")
            point(&out, wall.from)
            out.raw(",\"to\":")
            point(&out, wall.to)
            out.raw(",\"material\":")
            out.string(wall.material)
            out.raw(",\"floor\":")
            out.int(wall.floor)
            out.byte(0x7D)
        }
        out.raw(",\"zones\":")
        out.array(venue.zones) { out, zone in
            out.raw("{\"name\":")
            out.string(zone.name)
            out.raw(",\"polygon\":")
            out.array(zone.polygon) { out, corner in point(&out, corner) }
            out.raw(",\"floor\":")
            out.int(zone.floor)
            out.byte(0x7D)
        }
        out.raw(",\"beacons\":")
        out.array(scenario.beacons) { out, beacon in
            out.raw("{\"name\":")
            out.string(beacon.name)
            out.raw(",\"position\":")
            point(&out, beacon.position)
            out.raw(",\"floor\":")
            out.int(beacon.floor)
            if beacon.sendsIBeacon {
                out.raw(",\"uuid\":")
                out.string(beacon.uuid)
                out.raw(",\"major\":")
                out.int(Int(beacon.major))
                out.raw(",\"minor\":")
                out.int(Int(beacon.minor))
            }
            out.byte(0x7D)
        }
        out.raw(",\"phones\":")
        phones(scenario, into: &out)
        out.raw("}\n")
    }

    /// plan.json's phones: name, the receiving device's sensitivity (dBm) and each monitored
    /// region's beacons; none when the scenario does not resolve (it always does for a run).
    static func phones(_ scenario: Scenario, into out: inout JSONBytes) {
        guard let resolved = try? ResolvedScenario(scenario) else { return out.raw("[]") }
        // Beacon names are escaped once, not per region of every phone.
        let names = scenario.beacons.map { quoted($0.name) }
        out.array(resolved.phones) { out, phone in
            out.raw("{\"name\":")
            out.string(phone.name)
            out.raw(",\"sensitivity\":")
            out.number(phone.device.sensitivity, decimals: 1)
            out.raw(",\"regions\":")
            out.array(phone.regionBeacons) { out, region in
                out.raw("{\"name\":")
                out.string(region.region)
                out.raw(",\"beacons\":")
                out.array(region.beacons.filter { names.indices.contains($0) }) { out, beacon in
                    out.append(bytes: names[beacon])
                }
                out.byte(0x7D)
            }
            out.byte(0x7D)
        }
    }
}
