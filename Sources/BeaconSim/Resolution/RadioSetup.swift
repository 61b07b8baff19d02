// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation
public import ScenarioFormat

/// The scenario's radio model: configuration (preset, overrides, switches), walls by floor,
/// floors and crowds, as one `PropagationModel`. Shared by the world, the coverage map and
/// `predict` / `fit` (RadioCalibration).
public struct RadioSetup {
    public let propagation: PropagationModel

    /// Throws `ScenarioError` for unknown environments and materials.
    public init(_ scenario: Scenario) throws {
        var problems: [Diagnostic] = []
        self.init(scenario, problems: &problems)
        guard problems.isEmpty else { throw ScenarioError(problems) }
    }

    /// Reports unknown environments and materials into `problems`.
    init(_ scenario: Scenario, problems: inout [Diagnostic]) {
        let fileStart = SourceLocation(file: scenario.sourcePath, line: 1, column: 1)
        let radio = Self.configuration(scenario, problems: &problems, at: fileStart)
        let walls = scenario.venue.walls.compactMap { wall -> WallSegment? in
            guard
                let loss = scenario.radio.materials[wall.material] ?? scenario.venue.materials[wall.material]
                    ?? Material(rawValue: wall.material)?.lossDB
            else {
                problems.append(Diagnostic(at: wall.location, "unknown wall material '\(wall.material)'"))
                return nil
            }
            return WallSegment(from: PlanPoint(wall.from), to: PlanPoint(wall.to), lossDB: loss, floor: wall.floor)
        }
        let floors = FloorStack(heights: scenario.venue.floors.map(\.height))
        let crowds = scenario.venue.zones.compactMap { zone in
            zone.crowd.map {
                CrowdZone(area: PlanPolygon(zone.polygon.map(PlanPoint.init)), density: $0, floor: zone.floor)
            }
        }
        propagation = PropagationModel(configuration: radio, walls: walls, floors: floors, crowds: crowds)
    }

    static func configuration(
        _ scenario: Scenario, problems: inout [Diagnostic], at location: SourceLocation
    ) -> RadioConfiguration {
        let preset =
            EnvironmentPreset.all[scenario.venue.environment]
            ?? {
                problems.append(
                    Diagnostic(
                        at: location,
                        "unknown environment '\(scenario.venue.environment)'; known: "
                            + EnvironmentPreset.all.keys.sorted().joined(separator: ", ")))
                return EnvironmentPreset.retail
            }()
        var radio = RadioConfiguration(environment: preset)
        let spec = scenario.radio
        if let value = spec.pathLossExponent { radio.pathLossExponent = value }
        if let value = spec.shadowingSigma { radio.shadowingSigma = value }
        if let value = spec.decorrelationDistance { radio.decorrelationDistance = value }
        if let value = spec.sensitivity { radio.sensitivity = value }
        if let value = spec.measurementNoise { radio.measurementNoiseSigma = value }
        if let value = spec.wallLossCap { radio.wallLossCap = value }
        if let value = spec.minimumDistance { radio.minimumDistance = value }
        if let value = spec.environmentalDoppler { radio.environmentalDopplerHz = value }
        if let value = spec.shadowing { radio.shadowingEnabled = value }
        if let value = spec.bodyLoss { radio.bodyLossEnabled = value }
        if let value = spec.walls { radio.wallsEnabled = value }
        if let value = spec.fading { radio.fadingEnabled = value }
        if let value = spec.packetErrors { radio.packetErrorsEnabled = value }
        if let value = spec.floors { radio.floorsEnabled = value }
        if let value = spec.crowds { radio.crowdsEnabled = value }
        if let value = spec.collisions { radio.collisionsEnabled = value }
        if let value = spec.floorModel.flatMap(FloorLossModel.Form.init(rawValue:)) { radio.floorLoss.form = value }
        if let value = spec.crowdLossCap { radio.crowdLossCap = value }
        if let value = spec.captureThreshold { radio.captureThreshold = value }
        if let value = spec.receiverOffsetSigma { radio.receiverOffsetSigma = value }
        if let value = spec.measuredPowerOffset { radio.measuredPowerOffset = value }
        if let value = spec.breakpointDistance { radio.breakpointDistance = value }
        if let value = spec.farPathLossExponent { radio.farPathLossExponent = value }
        if let value = spec.ricianKFactor { radio.ricianKFactorDB = value }
        if let value = spec.beaconHeight { radio.beaconHeight = value }
        if let value = spec.phoneHeight { radio.phoneHeight = value }
        return spec.deterministic == true ? radio.deterministic : radio
    }
}
