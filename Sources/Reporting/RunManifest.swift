// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
public import Foundation
public import ScenarioFormat

/// manifest.json: what produced a result folder — tool version, scenario and its hash (or, for a
/// comparison of layouts, each layout's), seed, replications, command, start time and wall time;
/// for one scenario whose beacons name a chip and battery, their battery life (`batteryLife`).
public struct RunManifest: Sendable {
    public var command: String
    public var scenario: Scenario
    /// Further scenarios compared with `scenario` (`compare`): then the manifest lists them all
    /// under `scenarios` instead of the single `scenario` fields.
    public var others: [Scenario] = []
    public var seed: UInt64
    public var replications: Int
    public var startedAt: Date
    public var wallTimeSeconds: Double
    /// Extra counters, in order (e.g. packets).
    public var extra: [(String, String)]

    public init(
        command: String, scenario: Scenario, seed: UInt64, replications: Int, startedAt: Date,
        wallTimeSeconds: Double, extra: [(String, String)] = []
    ) {
        self.command = command
        self.scenario = scenario
        self.seed = seed
        self.replications = replications
        self.startedAt = startedAt
        self.wallTimeSeconds = wallTimeSeconds
        self.extra = extra
    }

    public var text: String {
        let formatter = ISO8601DateFormatter()
        let identity = { (scenario: Scenario) -> [(String, String)] in
            [
                ("scenario", JSONText.string(scenario.name)),
                ("scenarioPath", JSONText.string(scenario.sourcePath)),
                ("scenarioHash", JSONText.string(scenario.sourceHash)),
            ]
        }
        let scenarios =
            others.isEmpty
            ? identity(scenario)
            : [("scenarios", JSONText.array(([scenario] + others).map { JSONText.object(identity($0)) }))]
        return JSONText.object(
            [
                ("tool", JSONText.string("beaconsim")),
                ("version", JSONText.string(BeaconSimVersion.current)),
                ("command", JSONText.string(command)),
            ] + scenarios + [
                ("seed", String(seed)),
                ("replications", String(replications)),
                ("startedAt", JSONText.string(formatter.string(from: startedAt))),
                ("wallTimeSeconds", JSONText.number(wallTimeSeconds, decimals: 3)),
            ] + extra + (others.isEmpty ? BatteryLifeReport.manifestField(scenario).map { [$0] } ?? [] : [])) + "\n"
    }
}
