// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Foundation
import RadioPropagation
import Reporting
import ScenarioFormat
import Testing

@Suite("Floors, deterministic radio, coverage")
struct FloorsAndLayoutsTests {
    static let uuid = "FDA50693-A4E2-4FB1-AFCF-C6EB07647825"

    /// A 20 m × 10 m two-floor venue; the phone walks on floor 0, then takes the stairs up.
    static func scenario(radio: RadioSpec = RadioSpec(deterministic: true)) -> Scenario {
        let region = RegionSpec(name: "upstairs", uuid: uuid, major: 2)
        var up = WaypointSpec(position: Point2D(x: 15, y: 5), speed: 1)
        up.floor = 1
        var stay = WaypointSpec(position: Point2D(x: 15, y: 5), dwell: 60_000_000_000)
        stay.floor = 1
        var beacon = BeaconSpec(name: "b", uuid: uuid, major: 2, minor: 1, position: Point2D(x: 15, y: 5))
        beacon.floor = 1
        return Scenario(
            name: "floors", duration: 120_000_000_000,
            venue: VenueSpec(
                width: 20, height: 10, environment: "explicitWalls",
                zones: [
                    ZoneSpec(
                        name: "upstairs",
                        polygon: [Point2D(x: 0, y: 0), Point2D(x: 20, y: 0), Point2D(x: 20, y: 10), Point2D(x: 0, y: 10)],
                        floor: 1)
                ],
                floors: [FloorSpec(height: 4), FloorSpec(height: 4)]),
            radio: radio, beacons: [beacon],
            phones: [
                PhoneSpec(
                    name: "p", carry: .hand, app: AppSpec(initialState: .foreground, ranging: false, regions: [region]),
                    path: [WaypointSpec(position: Point2D(x: 1, y: 5)), up, stay])
            ])
    }

    @Test("the zone on floor 1 is entered half-way up the stairs, not when walking under it")
    func zoneOnFloor() throws {
        let result = try World(scenario: Self.scenario(), seed: 1).run()
        let entered = result.trace.filter { if case .zoneEntered("upstairs", _) = $0.event { true } else { false } }
        #expect(entered.count == 1)
        // 14 m at 1 m/s: floor changes at 7 s.
        #expect(entered.first.map { $0.time.nanoseconds } == 7_000_000_000)
    }

    /// With a deterministic radio a packet is received iff the geometry allows it, so two seeds
    /// differ only by the beacons' advertising phase and advDelay: a few advertising events (three
    /// packets each) at the ends of the stretch in range, well under 1 % of some 3,200 packets.
    @Test(
        "deterministic radio: two seeds receive the same packets up to the advertising phase; the slab keeps the phone deaf downstairs"
    )
    func deterministicRadio() throws {
        let a = try World(scenario: Self.scenario(), seed: 1).run()
        let b = try World(scenario: Self.scenario(), seed: 2).run()
        #expect(abs(a.packetsReceived - b.packetsReceived) <= a.packetsReceived / 100)
        #expect(a.packetsReceived > 0)
    }

    @Test("coverage: strongest RSSI by floor; the floor-1 beacon is 18.3 dB + height weaker downstairs")
    func coverage() throws {
        let map = try CoverageMap(scenario: Self.scenario(), resolution: 1)
        #expect(map.floors.count == 2)
        let cell = { (floor: Int) in map.floors[floor].cells[5 * 20 + 15] }  // centre (15.5, 5.5)
        let upstairs = cell(1).strongestDBm, downstairs = cell(0).strongestDBm
        // Same plan point 0.71 m from the beacon (clamped distance 0.71): upstairs −59 − 20·log10(0.707) − hand
        // body loss; downstairs d = √(0.5 + 16) = 4.06 m and −18.3 dB for the slab.
        #expect(abs((upstairs - downstairs) - (20 * log10(4.062 / 0.7071) + 18.3)) < 0.05)
        #expect(cell(1).hear[0] == 1)
    }

    @Test("coverage includes moving bystanders: one standing on the line to the beacon costs its body loss there, on average")
    func coverageWithBystanders() throws {
        var scenario = Self.scenario()
        scenario.venue.floors = []
        scenario.beacons[0].floor = 0
        scenario.phones[0].path = [WaypointSpec(position: Point2D(x: 1, y: 5))]
        let clear = try CoverageMap(scenario: scenario, resolution: 1)
        // A guard who stands at (10, 5.5) for the whole scenario, between the beacon (15, 5) and the cell at (5.5, 5.5).
        scenario.bystanders = [BystanderSpec(name: "guard", path: [WaypointSpec(position: Point2D(x: 10, y: 5.5))])]
        let guarded = try CoverageMap(scenario: scenario, resolution: 1)
        #expect(guarded.bystanderCount == 1 && clear.bystanderCount == 0)
        let behind = 5 * 20 + 5  // centre (5.5, 5.5)
        let beside = 1 * 20 + 5  // centre (5.5, 1.5): the line to the beacon passes well clear of the guard
        let loss = clear.floors[0].cells[behind].strongestDBm - guarded.floors[0].cells[behind].strongestDBm
        #expect(loss > 3, "\(loss) dB")
        #expect(clear.floors[0].cells[beside].strongestDBm == guarded.floors[0].cells[beside].strongestDBm)
    }
}

@Suite("Coverage overlaps and parent regions")
struct CoverageOverlapTests {
    @Test("a parent region (UUID, or UUID and major) nests its exhibits' regions; two exhibits do not nest")
    func nesting() {
        let uuid = "FDA50693-A4E2-4FB1-AFCF-C6EB07647825"
        let venue = RegionSpec(name: "venue", uuid: uuid)
        let hall = RegionSpec(name: "hall", uuid: uuid, major: 1)
        let mask = RegionSpec(name: "mask", uuid: uuid, major: 1, minor: 1)
        let vase = RegionSpec(name: "vase", uuid: uuid, major: 1, minor: 2)
        #expect(CoverageMap.nests(venue, mask) && CoverageMap.nests(hall, mask) && CoverageMap.nests(venue, hall))
        #expect(!CoverageMap.nests(mask, venue) && !CoverageMap.nests(mask, vase) && !CoverageMap.nests(vase, mask))
        #expect(!CoverageMap.nests(RegionSpec(name: "other", uuid: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"), mask))
    }

    @Test("the museum's parent region covered with each exhibit is no overlap")
    func museum() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scenario = try ScenarioLoader.load(path: root.appendingPathComponent("Scenarios/layouts/museum.yaml").path)
        let map = try CoverageMap(scenario: scenario, resolution: 1)
        let cells = map.floors.flatMap(\.cells)
        #expect(cells.contains { $0.coveredRegions >= 2 }, "the parent and an exhibit are both covered somewhere")
        #expect(!cells.contains { $0.isOverlap })
    }
}

@Suite("Nearest exhibit")
struct NearestExhibitTests {
    @Test("museum: ranging callbacks at an exhibit are counted, and nearly all name that exhibit first")
    func museum() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let scenario = try ScenarioLoader.load(path: root.appendingPathComponent("Scenarios/layouts/museum.yaml").path)
        let metrics = MetricsCalculator.compute(scenario: scenario, result: try World(scenario: scenario, seed: 1).run())
        let exhibits = try #require(metrics.first { $0.region == "exhibits" })
        let chances = exhibits.opportunities[.wrongNearest] ?? 0
        // 8 exhibits × 50 s dwell at one callback per second, plus the walk inside each 5 m zone.
        #expect(chances >= 400)
        #expect(Double(exhibits.counts[.wrongNearest] ?? 0) / Double(chances) < 0.1)
    }
}

@Suite("Moving bystanders")
struct BystanderTests {
    /// A static phone 10 m from a beacon heard at −90 dBm (deterministic radio, threshold −95).
    static func scenario(bystander: Bool) -> Scenario {
        let uuid = "FDA50693-A4E2-4FB1-AFCF-C6EB07647825"
        var scenario = Scenario(
            name: "bystander", duration: 20_000_000_000, venue: VenueSpec(width: 20, height: 10, environment: "explicitWalls"),
            radio: RadioSpec(bodyLoss: false, deterministic: true),
            beacons: [BeaconSpec(name: "b", uuid: uuid, major: 1, minor: 1, position: Point2D(x: 10, y: 5), measuredPower: -70)],
            phones: [
                PhoneSpec(
                    name: "p", carry: .hand,
                    app: AppSpec(initialState: .foreground, regions: [RegionSpec(name: "r", uuid: uuid)]),
                    path: [WaypointSpec(position: Point2D(x: 0, y: 5))])
            ])
        if bystander {  // stands mid-path for the first 10 s, then steps 3 m aside
            scenario.bystanders = [
                BystanderSpec(
                    name: "guard",
                    path: [
                        WaypointSpec(position: Point2D(x: 5, y: 5), dwell: 10_000_000_000),
                        WaypointSpec(position: Point2D(x: 5, y: 8), at: 10_500_000_000),
                    ])
            ]
        }
        return scenario
    }

    @Test("a person standing mid-path silences a −90 dBm link (7.9 dB); stepping aside restores it")
    func standsInTheWay() throws {
        let clear = try World(scenario: Self.scenario(bystander: false), seed: 1).run()
        let blocked = try World(scenario: Self.scenario(bystander: true), seed: 1).run()
        #expect(clear.packetsReceived > 0)
        #expect(blocked.packetsReceived > 0 && blocked.packetsReceived < clear.packetsReceived)
        let firstHeard = blocked.trace.first { $0.event.name == "didEnterRegion" }?.time.nanoseconds ?? 0
        #expect(firstHeard >= 10_000_000_000)
    }
}
