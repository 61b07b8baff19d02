// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two check folders (e.g. two beacon layouts) claim by claim.",
        discussion:
            "Prints each side's value with its 95 % interval and B − A; records the comparison in the catalogue.")

    @Argument(help: "Check folder A.")
    var a: String

    @Argument(help: "Check folder B.")
    var b: String

    @Option(help: "Results folder holding catalogue.sqlite.")
    var out: String = "Results"

    func run() throws {
        let comparison = try ScenarioInput.diagnosing {
            try CheckComparison(a: URL(fileURLWithPath: a), b: URL(fileURLWithPath: b))
        }
        let root = URL(fileURLWithPath: out)
        ScenarioInput.catalogue(comparison.entry(root: root), root: root)
        print(comparison.text, terminator: "")
    }
}
