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
                scenario.beacons.filter { beacon in
                    beacon.uuid == region.uuid && (region.major.map { $0 == beacon.major } ?? true)
                        && (region.minor.map { $0 == beacon.minor } ?? true)
                }.map(\.position)
            }
        }
        distances = beacons.map { regions in regions.map { _ in nil } }
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
