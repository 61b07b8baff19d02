// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import RadioPropagation
public import ScenarioFormat
public import SimulationCore

/// `track.jsonl` and `plan.json`, beside a run's timeline: what the report's floor plan draws.
///
/// track.jsonl has one line per phone per second of simulated time, in time order: `t` (s),
/// `phone`, its position `x`, `y` (m) and `floor` on its walk, and `heard`, the beacons its radio
/// received since the previous line, each with `packets`, mean `rssi` and strongest `maxRssi` (dBm).
/// plan.json is the venue as the scenario draws it: size, floors, walls (with material), zones and
/// beacons with their positions (m) and, for iBeacons, their `uuid`, `major` and `minor` (to join
/// ranging records to the plan), and the phones with their receiver's `sensitivity` (dBm) and each
/// monitored region's beacons (names).
public enum TrackWriter {
    /// Seconds between track samples: a walker covers about a metre, fine enough to draw and
    /// to place callbacks along the walk.
    public static let interval = SimDuration.seconds(1)

    /// Starts streaming `world`'s track into `file` (call before the run; `finish(at:)` after):
    /// a sample every `interval`, or with `onlyChanges` a phone's sample only when it changed
    /// (`TrackRecorder`).
    public static func record(
        _ world: World, into file: ResultFile, interval: SimDuration = interval, onlyChanges: Bool = false,
        rssiThreshold: Int? = nil
    ) -> TrackRecorder {
        // Names are escaped once, not per line.
        let phones = world.phoneNames.map(quoted)
        let beacons = world.beaconNames.map(quoted)
        return TrackRecorder(world: world, interval: interval, onlyChanges: onlyChanges, rssiThreshold: rssiThreshold) {
            sample in
            file.write { write(sample, phone: phones[sample.phone], beaconNames: beacons, into: &$0) }
        }
    }

    /// `name` as a JSON string literal's bytes.
    static func quoted(_ name: String) -> [UInt8] {
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
    static func write(_ sample: TrackRecorder.Sample, phone: [UInt8], beaconNames: [[UInt8]], into out: inout JSONBytes) {
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
        let point = { (p: Point2D) in JSONText.array([JSONText.number(p.x, decimals: 3), JSONText.number(p.y, decimals: 3)]) }
        let venue = scenario.venue
        return JSONText.object([
            ("scenario", JSONText.string(scenario.name)),
            ("size", JSONText.array([JSONText.number(venue.width), JSONText.number(venue.height)])),
            ("floors", JSONText.array(venue.floors.map { JSONText.string($0.name ?? "") })),
            (
                "walls",
                JSONText.array(
                    venue.walls.map { wall in
                        JSONText.object([
                            ("from", point(wall.from)), ("to", point(wall.to)), ("material", JSONText.string(wall.material)),
                            ("floor", String(wall.floor)),
                        ])
                    })
            ),
            (
                "zones",
                JSONText.array(
                    venue.zones.map { zone in
                        JSONText.object([
                            ("name", JSONText.string(zone.name)), ("polygon", JSONText.array(zone.polygon.map(point))),
                            ("floor", String(zone.floor)),
                        ])
                    })
            ),
            (
                "beacons",
                JSONText.array(
                    scenario.beacons.map { beacon in
                        JSONText.object(
                            [
                                ("name", JSONText.string(beacon.name)), ("position", point(beacon.position)),
                                ("floor", String(beacon.floor)),
                            ]
                                + (beacon.sendsIBeacon
                                    ? [
                                        ("uuid", JSONText.string(beacon.uuid)), ("major", String(beacon.major)),
                                        ("minor", String(beacon.minor)),
                                    ] : []))
                    })
            ),
            ("phones", JSONText.array(phones(scenario))),
        ]) + "\n"
    }

    /// plan.json's phones: name, the receiving device's sensitivity (dBm) and each monitored
    /// region's beacons; none when the scenario does not resolve (it always does for a run).
    static func phones(_ scenario: Scenario) -> [String] {
        guard let resolved = try? ResolvedScenario(scenario) else { return [] }
        return resolved.phones.map { phone in
            JSONText.object([
                ("name", JSONText.string(phone.name)),
                ("sensitivity", JSONText.number(phone.device.sensitivity, decimals: 1)),
                (
                    "regions",
                    JSONText.array(
                        phone.regionBeacons.map { region in
                            JSONText.object([
                                ("name", JSONText.string(region.region)),
                                (
                                    "beacons",
                                    JSONText.array(
                                        region.beacons.filter { scenario.beacons.indices.contains($0) }.map {
                                            JSONText.string(scenario.beacons[$0].name)
                                        })
                                ),
                            ])
                        })
                ),
            ])
        }
    }
}
