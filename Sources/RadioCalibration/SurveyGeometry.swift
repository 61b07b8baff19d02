// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import RadioPropagation
internal import ScenarioFormat

/// The scenario-side facts the fit and `predict` share: each beacon's measured power at a survey's
/// tx power, the surveyor's body and its loss averaged over headings, wall losses by material.
enum SurveyGeometry {
    /// Eight compass headings 45° apart: survey points carry no heading, so the body loss is
    /// averaged over them (as `beaconsim coverage` does).
    static let headings: [PlanPoint] = (0..<8).map { index in
        let angle = Double(index) * .pi / 4
        return PlanPoint(x: _cos(angle), y: _sin(angle))
    }

    /// The beacon's measured power when it transmits at `txPower` (nil = its own): the venue's
    /// measured power moved dB for dB with the tx power (rf.md §7.2, Blue Charm's table).
    static func measuredPower(_ beacon: BeaconSpec, txPower: Double?) -> Double {
        beacon.measuredPower + ((txPower ?? beacon.txPower) - beacon.txPower)
    }

    /// The body of the scenario's first phone (the surveyor), or none without phones.
    static func bodyModel(_ scenario: Scenario) -> BodyLossModel {
        guard let phone = scenario.phones.first else { return .none }
        return BodyLossModel(carry: phone.carry, overrides: scenario.radio)
    }

    static func averageBodyLoss(_ body: BodyLossModel, phone: PlanPoint, beacon: PlanPoint) -> Double {
        headings.reduce(0) { $0 + body.loss(heading: $1, toBeacon: beacon - phone) } / Double(headings.count)
    }

    /// A material's loss per crossing in the scenario (radio.materials, venue.materials, built in).
    static func materialLoss(_ name: String, scenario: Scenario) -> Double {
        scenario.radio.materials[name] ?? scenario.venue.materials[name] ?? Material(rawValue: name)?.lossDB ?? 0
    }

    static func planPoint(_ point: Point2D) -> PlanPoint { PlanPoint(x: point.x, y: point.y) }
}
