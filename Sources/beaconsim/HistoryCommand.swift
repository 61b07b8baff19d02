// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting
import ResultsCatalogue
import ScenarioFormat

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show how each claim's measured value moved across the catalogued runs and tool versions.",
        discussion: """
            Reads OUT/catalogue.sqlite, which run, check, sweep and merge fill in. Runs are grouped by kind (run, check, \
            sweep) and claim; the hash column tells scenario files apart that share a name:, and a change (Δ) is only \
            computed between runs of the same kind and the same file contents. Given a file, its current version's \
            runs are marked *.
            """)

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Scenario file or scenario name.")
    var scenario: String

    @OptionGroup var out: ResultsFolderOption

    @Option(help: "Only claims whose name contains this text (e.g. exitLatency).")
    var claim: String?

    func run() throws {
        let file = FileManager.default.fileExists(atPath: scenario) ? try ScenarioInput.load(scenario) : nil
        let name = file?.name ?? scenario
        let root = out.url
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent("catalogue.sqlite").path) else {
            throw CommandError(
                "error: no catalogue at \(root.path)/catalogue.sqlite; run check, sweep or run with --out \(out.path) first")
        }
        let rows = try ResultsCatalogue(root: root).history(scenario: name).filter {
            claim == nil || $0.measurement.claim.contains(claim ?? "")
        }
        print(HistoryTable.text(scenario: name, rows: rows, currentHash: file?.sourceHash), terminator: "")
    }
}
