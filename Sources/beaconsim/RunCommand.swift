// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting
import Sessions
import ScenarioFormat

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run one replication of a scenario and write its timeline and metrics.",
        discussion: """
            Results go to OUT/<scenario>/<run-id>/ (manifest.json, metrics.json, timeline.jsonl, track.jsonl, plan.json); \
            an earlier run is never overwritten. The output options (or the scenario's `outputs:`) choose what is written; \
            runs of more than 10 phones default to compact outputs (docs/scenario-format.md, "outputs"). The scenario's claims are evaluated over this one replication (and printed); `check` prints \
            the command that re-runs a replication that broke a claim.
            """
    )

    func validate() throws {
        if replication < 0 { throw ValidationError("--replication must be 0 or more") }
        if phone != nil, capture == nil {
            throw ValidationError("--phone chooses the phone whose traffic --capture writes; give --capture FILE too")
        }
    }

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Scenario file (.yaml, .yml or .json).")
    var scenario: String

    @OptionGroup var seedOption: SeedOption

    @Option(
        parsing: .unconditional,
        help: "Replication number: the same world as replication K of `beaconsim check` with this seed.")
    var replication: Int = 0

    @Option(help: "Run this variant (a name under `variants:`) instead of the scenario as written.")
    var variant: String?

    @OptionGroup var out: ResultsFolderOption

    @Flag(help: "Print the summary as JSON instead of text.")
    var json = false

    @Option(help: "Also write one phone's HCI traffic to this file: .pcapng, otherwise btsnoop (.btsnoop, .log).")
    var capture: String?

    @Option(help: "The phone whose traffic --capture writes (default: the first).")
    var phone: String?

    @Flag(help: "Also write report.html (timeline and latency figures) into the results folder.")
    var report = false

    @OptionGroup(title: "Outputs") var outputs: OutputOptions

    @Flag(help: "Step event by event, evaluating every link at every advertising event (the same results, slower).")
    var referenceLoop = false

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        let store = out.store
        let report = try CaptureInput.naming(capture) {
            var run = SimulationRun(
                scenario: scenario, seed: seedOption.seed(for: scenario), store: store, replication: replication,
                variant: variant, capture: capture.map { HCICaptureRequest(path: $0, phone: phone) })
            run.loop = referenceLoop ? .reference : .fast
            run.outputs = outputs.spec
            return try run.execute()
        }
        let root = out.url
        ScenarioInput.catalogue(
            CatalogueRecording.entry(
                run: report.directory, claims: report.claims, scenario: scenario, seed: seedOption.seed(for: scenario), root: root
            ),
            root: root)
        let page = try self.report ? ReportWriter.write(folder: report.directory) : nil
        if json {
            // `{"results":…,"metrics":…,"claims":[…]}`, the metrics as metrics.json writes them
            // (without its newline), streamed: a crowd's metrics are too large for one `String`.
            let output = StandardOutputStream()
            output.write { out in
                out.raw("{\"results\":")
                out.string(report.directory.path)
                out.raw(",\"metrics\":")
            }
            MetricsWriter.write(
                scenario: scenario, result: report.result, metrics: report.metrics, finalNewline: false,
                inPieces: output.write)
            output.append(",\"claims\":" + JSONText.array(report.claims.map(ClaimReport.claimJSON)) + "}\n")
            output.flush()
        } else {
            print(
                RunSummary.text(
                    scenario: scenario, result: report.result, metrics: report.metrics, wallSeconds: report.wallSeconds))
            if !report.claims.isEmpty {
                print("Claims over this replication (replication \(replication), seed \(seedOption.seed(for: scenario))):")
                for line in ClaimReport.lines(report.claims) { print("  " + line) }
            }
            print("Results: \(DisplayPath.text(report.directory))/ (\(report.files.joined(separator: ", ")))")
            if let page { print("Report: \(DisplayPath.text(page))") }
        }
    }
}
