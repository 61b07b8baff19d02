// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting
import ScenarioFormat

struct SweepCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario's claims over a grid of parameter values, with the same seeds at every point.",
        discussion: """
            Axes come from the scenario's `sweep:` block and from --set PATH=V1,V2,… (which replaces a block axis \
            of the same path). Writes sweep.csv and sweep.json (one row per point: every claim's statistic with a \
            95 % interval) and replications.jsonl. Exits 1 when a claim fails at any point. Paths: duration, venue.environment, radio.KEY, \
            beacons.(*|NAME).(interval|txPower|measuredPower), phones.(*|NAME).(os|carry|maker|charging|overrides.KEY|app.KEY).
            """)

    @Argument(help: "Scenario file.")
    var scenario: String

    @Option(
        name: .customLong("set"),
        help: "An axis: PATH=VALUE[,VALUE…], e.g. beacons.*.interval=100ms,300ms,1s (repeatable).")
    var settings: [String] = []

    @OptionGroup var options: ExperimentOptions

    func run() async throws {
        let template = try ScenarioInput.template(scenario)
        let axes = try settings.map { try SweepAxis(argument: $0) }
        let grid = SweepGrid.combining(scenario: template.base.sweep, commandLine: axes)
        guard !grid.axes.isEmpty else {
            throw CommandError("error: nothing to sweep: give --set PATH=VALUES or a `sweep:` block in \(scenario)")
        }
        let base = template.base
        let experiment = Experiment(
            kind: .sweep, template: template, grid: grid, seed: options.seed ?? base.seed,
            replications: options.replications ?? base.replications, threads: options.threads,
            shard: try options.resolvedShard(), store: ResultsStore(root: options.root))
        StopSignal.pollingCommand(finishesRunningWork: true)
        try options.verifyShardCount(experiment)
        let outcome = try await experiment.executeInteractively(label: base.name, stop: StopSignal.flag)
        ScenarioInput.catalogue(CatalogueRecording.entry(outcome, root: options.root), root: options.root)
        print(
            "\(scenario): \(grid.count) points × \(experiment.replications) replications"
                + (experiment.shard.isWhole ? "" : ", shard \(experiment.shard): \(outcome.recordCount) of them")
                + ", seed \(experiment.seed), \(RunSummary.rounded(outcome.wallSeconds, 2)) s")
        for (index, outcomes) in outcome.points.enumerated() {
            let settings = grid.settings(at: index).map { "\($0.path)=\($0.value)" }.joined(separator: " ")
            print("  [\(index)] \(settings)  \(outcomes.allSatisfy(\.passed) ? "PASS" : "FAIL")")
            for line in ClaimReport.lines(outcomes) { print("      " + line) }
        }
        print("  → \(outcome.directory.path)/" + (experiment.shard.isWhole ? "sweep.csv" : "replications.jsonl"))
        if outcome.folder.interrupted {
            throw CommandError(
                "interrupted: results of the finished replications were written",
                status: ExitStatus(interruptedWith: outcome.interruptStatus))
        }
        if !outcome.passed { throw CommandError.claimFailed }
    }
}
