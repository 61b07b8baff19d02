// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Reporting
import ScenarioFormat

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run seeded replications of scenarios and evaluate their `expect:` claims.",
        discussion: "Prints every claim with its measured value; exits 1 when a claim fails, 2 for bad input.")

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(help: "Replications per scenario (default: the scenario's `replications`).")
    var replications: Int?

    @Option(help: "Seed (default: the scenario's `seed`).")
    var seed: UInt64?

    @Option(help: "Worker threads (default: all cores). Results do not depend on it.")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Results folder.")
    var out: String = "Results"

    func validate() throws {
        if let replications, replications < 1 { throw ValidationError("--replications must be at least 1") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    func run() async throws {
        let loaded = try scenarios.map { try ScenarioInput.load($0) }
        var allPassed = true
        for scenario in loaded {
            let check = ClaimCheck(
                scenario: scenario, seed: seed ?? scenario.seed, replications: replications ?? scenario.replications,
                threads: threads, store: ResultsStore(root: URL(fileURLWithPath: out)))
            let report: ClaimCheck.Report
            do {
                report = try await check.execute()
            } catch let error as ScenarioError {
                Console.error(error.description)
                throw ExitCode(2)
            }
            print("\(scenario.sourcePath): \(check.replications) replications, seed \(check.seed), "
                + "\(RunSummary.rounded(report.wallSeconds, 2)) s")
            if report.outcomes.isEmpty { print("  (no claims under expect:)") }
            for line in ClaimReport.lines(report.outcomes) { print("  " + line) }
            print("  → \(report.directory.path)/check.json")
            allPassed = allPassed && report.passed
        }
        if !allPassed { throw ExitCode(1) }
    }
}
