// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat

/// Battery life as the outputs show it (`BeaconBatteryEstimate`): per beacon and per layout (the
/// shortest, when the first beacon needs a new battery, and the mean), in manifests, `coverage`'s
/// summary and `compare`'s tables.
public enum BatteryLifeReport {
    /// Per layout: the shortest and the mean battery life over the beacons that name a chip and
    /// battery, years; nil when none does.
    public static func layout(_ estimates: [BeaconBatteryEstimate]) -> (shortest: Double, mean: Double)? {
        guard let shortest = estimates.map(\.life.years).min() else { return nil }
        return (shortest, estimates.reduce(0) { $0 + $1.life.years } / Double(estimates.count))
    }

    /// The manifest field `batteryLife`: each beacon's chip, battery, mean event charge (µC),
    /// average current (µA) and years, and the layout's shortest and mean; nil without estimates.
    public static func manifestField(_ scenario: Scenario) -> (String, String)? {
        let estimates = BeaconBatteryEstimate.all(scenario)
        guard let summary = layout(estimates) else { return nil }
        let beacons = estimates.map { estimate in
            JSONText.object([
                ("beacon", JSONText.string(estimate.beacon)), ("chip", JSONText.string(estimate.chip)),
                ("battery", JSONText.string(estimate.battery)),
                ("eventMicrocoulombs", JSONText.number(estimate.life.eventMicrocoulombs, decimals: 4)),
                ("averageMicroamps", JSONText.number(estimate.life.averageMicroamps, decimals: 4)),
                ("years", JSONText.number(estimate.life.years, decimals: 4)),
            ])
        }
        return (
            "batteryLife",
            JSONText.object([
                ("beacons", JSONText.array(beacons)),
                ("shortestYears", JSONText.number(summary.shortest, decimals: 4)),
                ("meanYears", JSONText.number(summary.mean, decimals: 4)),
            ])
        )
    }

    /// Text lines: one per beacon, then the layout's shortest and mean.
    public static func lines(_ scenario: Scenario) -> [String] {
        let estimates = BeaconBatteryEstimate.all(scenario)
        guard let summary = layout(estimates) else { return [] }
        return estimates.map { estimate in
            "battery \(estimate.beacon): \(RunSummary.rounded(estimate.life.years, 2)) years "
                + "(\(estimate.chip), \(estimate.battery), \(RunSummary.rounded(estimate.life.averageMicroamps, 2)) µA average)"
        } + [
            "battery life of the layout: shortest \(RunSummary.rounded(summary.shortest, 2)) years, "
                + "mean \(RunSummary.rounded(summary.mean, 2)) years over \(estimates.count) beacons"
        ]
    }
}
