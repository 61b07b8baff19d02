// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import ScenarioFormat
internal import SimulationCore

/// The claim metric `firstHeardDistance`: at a phone's first didEnterRegion of a region, the plan
/// distance (metres) from where the phone was when the entry's first packet arrived to the
/// region's nearest beacon (one sample per run; docs/scenario-format.md).
struct FirstHeardDistance {
    private let trajectories: [Trajectory]
    /// Per phone, per region (declaration order): the positions of the beacons the region matches.
    private let beacons: [[[Point2D]]]
    /// Per phone, per region: the distance once measured.
    private(set) var distances: [[Double?]]

    init(scenario: Scenario) {
        trajectories = scenario.phones.map { Trajectory(waypoints: $0.path) }
        beacons = scenario.phones.map { phone in
            phone.app.regions.map { region in
                scenario.beacons.filter { Self.region(region, matches: $0) }.map(\.position)
            }
        }
        distances = beacons.map { regions in regions.map { _ in nil } }
    }

    /// Whether one of `beacon`'s frames belongs to `region`: an iBeacon or an AltBeacon by UUID
    /// (id1), major (id2) and minor (id3), an Eddystone-UID by namespace and instance (the
    /// identifiers are canonical upper-case text).
    static func region(_ region: RegionSpec, matches beacon: BeaconSpec) -> Bool {
        if let namespace = region.namespace {
            guard let eddystone = beacon.eddystone else { return false }
            return eddystone.namespace == namespace && (region.instance.map { $0 == eddystone.instance } ?? true)
        }
        func fits(_ uuid: String, _ major: UInt16, _ minor: UInt16) -> Bool {
            uuid == region.uuid && (region.major.map { $0 == major } ?? true) && (region.minor.map { $0 == minor } ?? true)
        }
        if beacon.sendsIBeacon, fits(beacon.uuid, beacon.major, beacon.minor) { return true }
        return beacon.altBeacon.map { fits($0.id1, $0.id2, $0.id3) } ?? false
    }

    /// Records the entry of `phone`'s region `region` whose first packet came at `firstPacket`.
    mutating func entered(phone: Int, region: Int, firstPacket: SimTime) {
        guard distances[phone][region] == nil, !beacons[phone][region].isEmpty else { return }
        let position = trajectories[phone].state(at: firstPacket.nanoseconds).position
        distances[phone][region] = beacons[phone][region].map { beacon in
            let dx = beacon.x - position.x, dy = beacon.y - position.y
            return (dx * dx + dy * dy).squareRoot()
        }.min()
    }
}
