// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation
public import ScenarioFormat

extension CoverageMap {
    /// The probability that a phone scanning for one second hears `beacon` alone, at each of
    /// `points` on `floor`: the same link budget and reception model as the map (body over eight
    /// headings, bystanders time-averaged), without the other beacons (no collisions between
    /// candidates). `beaconsim plan` screens candidate mounting points with it.
    public static func hearProbability(
        of beacon: BeaconSpec, in scenario: Scenario, at points: [PlanPoint], floor: Int
    ) throws -> [Double] {
        var alone = scenario
        alone.beacons = [beacon]
        let propagation = try ResolvedScenario(alone).propagation
        let reception = ReceptionModel(configuration: propagation.configuration)
        let people = bystanderPositions(alone, enabled: propagation.configuration.crowdsEnabled)
        let body = BodyLossModel(alone.phones.first?.carry ?? .pocket)
        return points.map { point in
            cell(
                at: point, floor: floor, scenario: alone, propagation: propagation, reception: reception, body: body,
                members: [[0]], people: people
            ).hear[0]
        }
    }
}
