// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import PhoneModel
internal import Sessions
public import ScenarioFormat
internal import Dispatch
internal import Foundation
internal import Synchronization

/// Runs an app's own code in a scenario: every phone of the scenario gets a fresh instance of
/// `App` (instead of the scenario's rule-based app), created again at every process launch.
///
/// ```swift
/// let result = try Simulation.run(scenario: "store.yaml", app: CouponApp.self, seed: 1)
/// #expect(result.notifications.count == 1)
/// ```
public enum Simulation {
    /// Loads the scenario at `path`, to change it before `run(scenario:app:seed:replication:)` (for
    /// example to run the same phones with the other API: `phones[0].app.api = .regionMonitoring`).
    public static func loadScenario(path: String) throws -> Scenario { try ScenarioLoader.load(path: path) }

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
        // The one measuring path of every command (Sessions), with the app's code in each phone and
        // the whole trace kept; the scenario as written only (a kit test names its variant itself).
        let measured = try ReplicationMeasurement.measure(
            scenario, seed: seed, replication: replication, worlds: .asWritten, keeping: .wholeTrace,
            apps: { spec, regions in
                let bridge = _AppBridge(
                    phone: spec.name, regions: regions, authorization: AuthorizationStatus(spec.app.permission),
                    usesMonitor: spec.app.api == .clMonitor, preciseLocation: spec.app.preciseLocation,
                    makeApp: { App() })
                bridges.append(bridge)
                return bridge
            })
        guard let world = measured.worlds.first else { preconditionFailure("the scenario as written always runs") }
        return SimulationResult(
            seed: seed, replication: replication, records: world.result.trace,
            actions: bridges.flatMap(\.log).enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element),
            metrics: world.metrics)
    }

    /// Runs replications 0..<n of the scenario at `path` in parallel, each with fresh apps, on at
    /// most `threads` threads (default: every core), and returns them in replication order.
    ///
    /// Replication r seeds every stream from (seed, r, label) and runs in its own world with its
    /// own app instances, so the results are identical whatever the thread count. The app's code
    /// runs on several threads at once: it must not share mutable static state between instances.
    public static func runReplications<App: SimulatedApplicationDelegate>(
        scenario path: String, app: App.Type, seed: UInt64, n: Int, threads: Int? = nil
    ) throws -> [SimulationResult] {
        let scenario = try ScenarioLoader.load(path: path)
        let workers = max(1, min(threads ?? ProcessInfo.processInfo.activeProcessorCount, n))
        let state = Mutex<(next: Int, results: [Result<SimulationResult, any Error>?])>(
            (0, Array(repeating: nil, count: n)))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let replication = state.withLock { state -> Int? in
                    guard state.next < n else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let replication else { return }
                let result = Result { try run(scenario: scenario, app: App.self, seed: seed, replication: replication) }
                state.withLock { $0.results[replication] = result }
            }
        }
        return try state.withLock { $0.results }.map { try $0!.get() }
    }
}
