// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising
internal import PhoneModel
public import RadioPropagation
public import ScenarioFormat

/// The one step between a scenario's plain data and the models: typed identities, the radio
/// model, OS profiles with overrides applied, walks, zone crossings and region→beacon matches,
/// each computed once. Pure and `Sendable`: every replication's `World` is built from the same
/// value, and `validate`, `coverage` and the metrics read it too.
///
/// Everything the loader cannot know (a scenario built in code, a profile override the model
/// rejects, an unknown device) is reported as located diagnostics, all at once.
public struct ResolvedScenario: Sendable {
    public let scenario: Scenario
    /// Walls, floors, crowds and the radio configuration.
    public let propagation: PropagationModel
    public let beacons: [ResolvedBeacon]
    public let zones: [ZonePolygon]
    public let phones: [ResolvedPhone]

    /// Resolves `scenario`; throws `ScenarioError` with every problem found.
    public init(_ scenario: Scenario) throws {
        var problems: [Diagnostic] = []
        let propagation = RadioSetup(scenario, problems: &problems).propagation
        self.propagation = propagation
        beacons = scenario.beacons.compactMap { Self.beacon($0, scenario: scenario, problems: &problems) }
        let zones = scenario.venue.zones.map {
            ZonePolygon(name: $0.name, vertices: $0.polygon.map(PlanPoint.init), floor: $0.floor)
        }
        self.zones = zones
        let beacons = beacons
        phones = scenario.phones.compactMap {
            Self.phone(
                $0, scenario: scenario, beacons: beacons, zones: zones,
                configuration: propagation.configuration, problems: &problems)
        }
        guard problems.isEmpty else { throw ScenarioError(problems) }
        self.scenario = scenario
    }

    /// `location`, or the start of the scenario's file for a value built in code.
    static func place(_ location: SourceLocation, in scenario: Scenario) -> SourceLocation {
        location == .unknown ? SourceLocation(file: scenario.sourcePath, line: 1, column: 1) : location
    }
}
