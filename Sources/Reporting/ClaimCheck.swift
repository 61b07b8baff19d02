// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import ScenarioFormat
internal import BeaconSim

/// `beaconsim check`: N seeded replications in parallel, every `expect:` claim evaluated over
/// them, `check.json` and `manifest.json` written to a new results folder.
public struct ClaimCheck {
    public let scenario: Scenario
    public let seed: UInt64
    public let replications: Int
    public let threads: Int
    public let store: ResultsStore

    public init(scenario: Scenario, seed: UInt64, replications: Int, threads: Int, store: ResultsStore) {
        self.scenario = scenario
        self.seed = seed
        self.replications = replications
        self.threads = threads
        self.store = store
    }

    public struct Report {
        public var outcomes: [ClaimOutcome]
        public var directory: URL
        public var wallSeconds: Double
        public var passed: Bool { outcomes.allSatisfy(\.passed) }
    }

    public func execute() async throws -> Report {
        let started = Date()
        let clock = ContinuousClock.now
        let scenario = self.scenario
        let runs = try await Replications.run(scenario, seed: seed, replications: 0..<replications, threads: threads) { result in
            MetricsCalculator.compute(scenario: scenario, result: result)
        }
        let outcomes = scenario.expect.map { ClaimEvaluator.evaluate($0, runs: runs) }
        let elapsed = ContinuousClock.now - clock
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let directory = try store.newRunDirectory(scenario: scenario.name, label: "check-seed\(seed)-n\(replications)", now: started)
        try store.write(ClaimReport.json(outcomes), to: "check.json", in: directory)
        let manifest = RunManifest(
            command: "check", scenario: scenario, seed: seed, replications: replications, startedAt: started, wallTimeSeconds: wall)
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return Report(outcomes: outcomes, directory: directory, wallSeconds: wall)
    }
}
