// SPDX-License-Identifier: GPL-3.0-or-later
import ScenarioFormat

/// A 20 m × 15 m store inside an 80 m × 40 m mall with one beacon; the shopper walks in, browses,
/// and walks out at about 2 minutes, app in the background, phone in a pocket.
enum StoreScenario {
    static let uuid = "FDA50693-A4E2-4FB1-AFCF-C6EB07647825"

    static func make(
        duration: Int64 = 600_000_000_000, initialState: InitialAppState = .background, ranging: Bool = false,
        os: String = "ios", beaconOffAt: Int64? = nil, staysInside: Bool = false
    ) -> Scenario {
        let store = ZoneSpec(
            name: "store", polygon: [.init(x: 0, y: 0), .init(x: 20, y: 0), .init(x: 20, y: 15), .init(x: 0, y: 15)])
        let walls = [
            WallSpec(from: .init(x: 20, y: 0), to: .init(x: 20, y: 6), material: "brick"),
            WallSpec(from: .init(x: 20, y: 9), to: .init(x: 20, y: 15), material: "brick"),
            WallSpec(from: .init(x: 0, y: 15), to: .init(x: 20, y: 15), material: "brick"),
        ]
        let beacon = BeaconSpec(
            name: "till", uuid: uuid, major: 1, minor: 1, position: .init(x: 10, y: 7),
            schedule: beaconOffAt.map { [.init(at: $0, on: false)] } ?? [])
        let path: [WaypointSpec] =
            staysInside
            ? [WaypointSpec(position: .init(x: 8, y: 7))]
            : [
                WaypointSpec(position: .init(x: 75, y: 35)),
                WaypointSpec(position: .init(x: 24, y: 7.5), speed: 1.2),
                WaypointSpec(position: .init(x: 10, y: 7.5), speed: 1.0, dwell: 60_000_000_000),
                WaypointSpec(position: .init(x: 24, y: 7.5), speed: 1.2),
                WaypointSpec(position: .init(x: 75, y: 35), speed: 1.2),
            ]
        let phone = PhoneSpec(
            name: "alice", os: os, carry: .pocket,
            app: AppSpec(
                initialState: initialState, ranging: ranging,
                regions: [RegionSpec(name: "store", uuid: uuid, major: 1)]),
            path: path)
        return Scenario(
            name: "store", duration: duration, venue: VenueSpec(width: 80, height: 40, walls: walls, zones: [store]),
            beacons: [beacon], phones: [phone])
    }
}
