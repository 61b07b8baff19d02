// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import Reporting
import ScenarioFormat
import Testing

/// The skips of phones that stand still (`LinkTable.markQuiet`): with shadowing drawn per event,
/// the draws of later events are read ahead and the events they keep below the floor are passed
/// over until the first that may reach, found from the beacon's own advDelay draws; with
/// correlated shadowing (frozen while the phone stands) a link below the floor stays there to the
/// dwell's end. Both must leave the timeline exactly the reference loop's, also when beacons are
/// switched off and on in the middle of a dwell.
@Suite("skips of dwelling phones")
struct DwellSkipTests {
    /// The mall-1h floor, 150 s, with five shoppers who each stand 40 s at a first place among the
    /// shops, then 20–40 s at two more (many links there are at the edge of reach: some events' draws lift them over
    /// the floor, most do not), and every beacon switched off and on twice: once for 35 ms (its
    /// next event may still be queued) and once for 7 s (it restarts with a new offset), at
    /// instants that fall inside the dwells.
    static func scenario(radio: String) throws -> Scenario {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/bench/mall-1h.yaml").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = 150_000_000_000
        let stops: [[(Double, Double)]] = [
            [(18, 20), (42, 60), (90, 15)], [(66, 44), (30, 70), (100, 62)], [(6, 40), (54, 22), (114, 40)],
            [(78, 70), (20, 45), (60, 40)], [(102, 30), (36, 12), (84, 52)],
        ]
        scenario.phones = stops.enumerated().map { number, places in
            var phone = scenario.phones[0]
            phone.name = "shopper\(number)"
            phone.path = places.enumerated().map { stop, place in
                let dwell = Int64(stop == 0 ? 40 : 20 + 10 * ((number + stop) % 3)) * 1_000_000_000
                return WaypointSpec(position: Point2D(x: place.0, y: place.1), speed: stop == 0 ? nil : 1.2, dwell: dwell)
            }
            return phone
        }
        for index in scenario.beacons.indices {  // the blinks fall in the first dwell (0–40 s)
            let blink = 8_000_000_000 + Int64(index) * 150_300_000
            let long = 60_000_000_000 + Int64(index) * 131_100_000
            scenario.beacons[index].schedule = [
                .init(at: blink, on: false), .init(at: blink + 35_000_000, on: true),
                .init(at: long, on: false), .init(at: long + 7_000_000_000, on: true),
            ]
        }
        switch radio {
        case "correlated shadowing":
            scenario.radio.decorrelationDistance = 4
        case "fading and packet errors":
            (scenario.radio.fading, scenario.radio.packetErrors, scenario.radio.measurementNoise) = (true, true, 1.5)
        default:
            break  // the spec's independent draws and hard threshold
        }
        return scenario
    }

    /// A lift ride stands still on the plan but changes floor half-way: no dwell skip may run
    /// across it. The two-floor shop's shopper takes the lift up (30 s) and, after browsing, down
    /// again, standing a minute before and after, in the foreground, with a hard threshold at
    /// −104 dBm (no fading or packet errors) and no collisions, so that the other floor's beacons
    /// are below the reception floor until the lift is half-way; with the scenario's correlated
    /// shadowing and with independent draws.
    @Test("a lift ride is not a dwell", arguments: [false, true])
    func liftRide(independent: Bool) throws {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/layouts/two-floor-shop.yaml").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = 400_000_000_000
        (scenario.radio.fading, scenario.radio.packetErrors, scenario.radio.collisions) = (false, false, false)
        scenario.radio.sensitivity = -104
        if independent { scenario.radio.decorrelationDistance = 0 }
        scenario.phones[0].app.initialState = .foreground
        func stop(_ x: Double, _ y: Double, floor: Int, at seconds: Int64, dwell: Int64 = 60) -> WaypointSpec {
            var waypoint = WaypointSpec(
                position: Point2D(x: x, y: y), at: seconds * 1_000_000_000, dwell: dwell * 1_000_000_000)
            waypoint.floor = floor
            return waypoint
        }
        scenario.phones[0].path = [
            stop(30, 12, floor: 0, at: 0), stop(20, 22, floor: 0, at: 80), stop(20, 22, floor: 1, at: 170),
            stop(20, 8, floor: 1, at: 250), stop(20, 22, floor: 1, at: 330, dwell: 0), stop(20, 22, floor: 0, at: 360),
        ]
        let fast = try World(scenario: scenario, seed: 2).run(mode: .fast)
        let reference = try World(scenario: scenario, seed: 2).run(mode: .reference)
        #expect(fast.linkEvaluations < reference.linkEvaluations)
        #expect(fast.packetsReceived == reference.packetsReceived)
        #expect(TimelineWriter.text(fast.trace) == TimelineWriter.text(reference.trace))
    }

    /// One beacon in the open and one phone standing 52 m from it for five minutes, ranging: its
    /// mean power lies a few dB below the floor, so a share of the events reach it on their draws.
    /// After every evaluated event, missed or heard, the next events are read ahead against the
    /// dwell's exact mean, so the fast loop evaluates no event that misses but the first and those
    /// where a read-ahead stops at its limit (`LinkTable.readAheadLimit`) — a heard event does not
    /// leave its next misses to be evaluated (`LinkTable.readAheadAfterReception`).
    @Test("a link heard on a lucky draw passes over its next misses")
    func heardOnALuckyDraw() throws {
        let path = ReferenceLoopTests.root.appendingPathComponent("Scenarios/bench/mall-1h.yaml").path
        var scenario = try ScenarioLoader.load(path: path, catalogue: .standard)
        scenario.duration = 300_000_000_000
        scenario.beacons = [scenario.beacons[0]]  // at (3, 4)
        scenario.venue.walls = []
        scenario.radio.bodyLossBehind = 0
        scenario.phones[0].path = [WaypointSpec(position: Point2D(x: 55, y: 4), dwell: 300_000_000_000)]
        let fast = try World(scenario: scenario, seed: 3).run(mode: .fast)
        let reference = try World(scenario: scenario, seed: 3).run(mode: .reference)
        #expect(TimelineWriter.text(fast.trace) == TimelineWriter.text(reference.trace))
        #expect(fast.packetsReceived == reference.packetsReceived)
        let events = fast.packetsSent / 3
        let heard = fast.packetsReceived / 3  // a hard threshold: an event's three packets alike
        #expect(heard > events / 20 && heard < events / 2)  // at the edge of reach
        // A read-ahead covers at most 511 events after the one evaluated (`LinkTable.readAheadLimit`).
        #expect(fast.linkEvaluations <= heard + 1 + events / 511)
    }

    @Test(
        "dwell skips leave the timeline the reference loop's",
        arguments: ["independent shadowing", "correlated shadowing", "fading and packet errors"])
    func exact(radio: String) throws {
        let scenario = try Self.scenario(radio: radio)
        let fast = try World(scenario: scenario, seed: 5).run(mode: .fast)
        let reference = try World(scenario: scenario, seed: 5).run(mode: .reference)
        // Independent draws: most events of links at the edge are read ahead and passed over.
        let share = radio == "independent shadowing" ? 0.5 : 0.9
        #expect(Double(fast.linkEvaluations) < share * Double(reference.linkEvaluations))
        #expect(fast.packetsReceived > 0)
        #expect(fast.packetsSent == reference.packetsSent)
        #expect(fast.packetsReceived == reference.packetsReceived)
        #expect(TimelineWriter.text(fast.trace) == TimelineWriter.text(reference.trace))
    }
}
