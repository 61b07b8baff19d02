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
            Prints every claim with its measured value and 95 % interval; exits 1 when a claim fails, 2 for bad \
            input, 130 after Ctrl-C (the finished replications are written). With --shard only a slice runs; \
            `beaconsim merge` combines the slices.
            """)

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @OptionGroup var options: ExperimentOptions

    @Option(help: "Also write JUnit XML here (one test case per claim condition).")
    var junit: String?

    func run() async throws {
        let templates = try scenarios.map { try ScenarioInput.template($0) }
        let shard = try options.resolvedShard()
        var allPassed = true
        var interrupted = false
        var suites: [(name: String, file: String, outcomes: [ClaimOutcome], seconds: Double)] = []
        for template in templates where !interrupted {
            let scenario = template.base
            let experiment = Experiment(
                kind: .check, template: template, grid: SweepGrid(axes: []), seed: options.seed ?? scenario.seed,
                replications: options.replications ?? scenario.replications, threads: options.threads, shard: shard,
                store: ResultsStore(root: options.root))
            let outcome = try await ScenarioInput.diagnosing {
                try await experiment.executeInteractively(label: scenario.name)
            }
            interrupted = outcome.folder.interrupted
            ScenarioInput.catalogue(CatalogueRecording.entry(outcome, root: options.root), root: options.root)
            print(
                "\(scenario.sourcePath): \(outcome.recordCount) replications\(shard.isWhole ? "" : " (shard \(shard))"), "
                    + "seed \(experiment.seed), \(RunSummary.rounded(outcome.wallSeconds, 2)) s")
            if !shard.isWhole {
                print("  → \(outcome.directory.path)/replications.jsonl (merge the shards with `beaconsim merge`)")
                continue
            }
            let outcomes = outcome.points.first ?? []
            if outcomes.isEmpty { print("  (no claims under expect:)") }
            let seed = experiment.seed
            let rerun: ClaimReport.Rerun = { replication, variant in
                "beaconsim run \(Self.quoted(scenario.sourcePath)) --seed \(seed) --replication \(replication)"
                    + (variant.map { " --variant \(Self.quoted($0))" } ?? "")
            }
            for line in ClaimReport.lines(outcomes, rerun: rerun) { print("  " + line) }
            print("  → \(outcome.directory.path)/check.json")
            suites.append((scenario.name, scenario.sourcePath, outcomes, outcome.wallSeconds))
            allPassed = allPassed && outcome.passed
        }
        if let junit, shard.isWhole {
            try ScenarioInput.diagnosing {
                try Data(JUnitReport.xml(suites).utf8).write(to: URL(fileURLWithPath: junit), options: .atomic)
            }
        }
        if interrupted {
            Console.error("interrupted: results of the finished replications were written")
            throw ExitCode(130)
        }
        if !allPassed { throw ExitCode(1) }
    }

    /// `text` quoted for a POSIX shell when it holds anything but safe characters.
    static func quoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+=:,@".contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
