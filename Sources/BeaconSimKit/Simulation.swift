// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import PhoneModel
public import Reporting
public import ScenarioFormat

/// Runs an app's own code in a scenario: every phone of the scenario gets a fresh instance of
/// `App` (instead of the scenario's rule-based app), created again at every process launch.
///
/// ```swift
/// let result = try Simulation.run(scenario: "store.yaml", app: CouponApp.self, seed: 1)
/// #expect(result.notifications.count == 1)
/// ```
public enum Simulation {
    /// Loads the scenario at `path` and runs replication `replication` with seed `seed`.
    public static func run<App: SimulatedApplicationDelegate>(
        scenario path: String, app: App.Type, seed: UInt64, replication: Int = 0
    ) throws -> SimulationResult {
        try run(scenario: ScenarioLoader.load(path: path), app: app, seed: seed, replication: replication)
    }

    /// Runs replication `replication` of `scenario` with seed `seed`.
    public static func run<App: SimulatedApplicationDelegate>(
        scenario: Scenario, app: App.Type, seed: UInt64, replication: Int = 0
    ) throws -> SimulationResult {
        var bridges: [_AppBridge] = []
        let world = try World(scenario: scenario, seed: seed, replication: replication) { spec, regions in
            let bridge = _AppBridge(
                phone: spec.name, regions: regions, authorization: AuthorizationStatus(spec.app.permission),
                makeApp: { App() })
            bridges.append(bridge)
            return bridge
        }
        let result = world.run()
        return SimulationResult(
            seed: seed, replication: replication, records: result.trace,
            actions: bridges.flatMap(\.log).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element),
            metrics: MetricsCalculator.compute(scenario: scenario, result: result))
    }

    /// Runs replications 0..<n of the scenario at `path`, one after another, each with fresh apps.
    public static func runReplications<App: SimulatedApplicationDelegate>(
        scenario path: String, app: App.Type, seed: UInt64, n: Int
    ) throws -> [SimulationResult] {
        let scenario = try ScenarioLoader.load(path: path)
        return try (0..<n).map { try run(scenario: scenario, app: app, seed: seed, replication: $0) }
    }
}
