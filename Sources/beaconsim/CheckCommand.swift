// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting
import ScenarioFormat

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run seeded replications of scenarios and evaluate their `expect:` claims.",
        discussion: """
            Prints each file's claims with their measured values and 95 % intervals as soon as that file is done, \
            then `N passed, N failed` (scenario files). Exits 1 when a claim fails, 2 when a file is invalid (the \
            other files still run; --junit records it as a failed test case), 130 after Ctrl-C (the finished \
            replications are written). With --shard only a slice runs; `beaconsim merge` combines the slices.
            """)

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @OptionGroup var options: ExperimentOptions

    @Option(help: "Also write JUnit XML here (one test case per claim condition).")
    var junit: String?

    func run() async throws {
        let shard = try options.resolvedShard()
        var tally = (passed: 0, failed: 0, invalid: 0)
        var interrupted = false
        var suites: [JUnitReport.Suite] = []
        for path in scenarios where !interrupted {
            let template: ScenarioTemplate
            do {
                template = try ScenarioInput.template(path)
            } catch {
                let message = ExitStatus.describe(error).message ?? "\(error)"
                Console.error(message)
                print("\(path): FAIL (invalid scenario; the errors are on stderr)")
                suites.append(JUnitReport.Suite(name: path, file: path, outcomes: [], seconds: 0, invalid: message))
                tally.invalid += 1
                continue
            }
            let scenario = template.base
            let experiment = Experiment(
                kind: .check, template: template, grid: SweepGrid(axes: []), seed: options.seed ?? scenario.seed,
                replications: options.replications ?? scenario.replications, threads: options.threads, shard: shard,
                store: ResultsStore(root: options.root))
            let outcome = try await experiment.executeInteractively(label: scenario.name)
            interrupted = outcome.folder.interrupted
            ScenarioInput.catalogue(CatalogueRecording.entry(outcome, root: options.root), root: options.root)
            let facts =
                "\(outcome.recordCount) replications\(shard.isWhole ? "" : " (shard \(shard))"), seed \(experiment.seed), "
                + "\(RunSummary.rounded(outcome.wallSeconds, 2)) s"
            if !shard.isWhole {
                print("\(scenario.sourcePath): \(facts)")
                print("  → \(outcome.directory.path)/replications.jsonl (merge the shards with `beaconsim merge`)")
                continue
            }
            let outcomes = outcome.points.first ?? []
            print("\(scenario.sourcePath): \(outcome.passed ? "PASS" : "FAIL") (\(facts))")
            if outcomes.isEmpty { print("  (no claims under expect:)") }
            for line in ClaimReport.lines(outcomes) { print("  " + line) }
            print("  → \(outcome.directory.path)/check.json")
            suites.append(
                JUnitReport.Suite(
                    name: scenario.name, file: scenario.sourcePath, outcomes: outcomes, seconds: outcome.wallSeconds))
            if outcome.passed { tally.passed += 1 } else { tally.failed += 1 }
        }
        if let junit, shard.isWhole {
            do {
                try Data(JUnitReport.xml(suites).utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
            } catch {
                throw CommandError(
                    "error: \(junit): cannot write the JUnit file: \(FileErrorText.reason(of: error) ?? "\(error)")",
                    cause: error)
            }
        }
        print("\(tally.passed) passed, \(tally.failed + tally.invalid) failed")
        if interrupted {
            throw CommandError("interrupted: results of the finished replications were written", status: .interrupted)
        }
        if tally.invalid > 0 { throw CommandError(nil) }
        if tally.failed > 0 { throw CommandError.claimFailed }
    }
}
