// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting
import ScenarioFormat

struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare beacon layouts: two check folders claim by claim, or layout scenarios side by side.",
        discussion: """
            With two check folders: prints each side's value with its 95 % interval and B − A, and records the \
            comparison in the catalogue. With scenario files (A.yaml B.yaml …): runs the same people, walks and \
            seeds against each layout and prints a side-by-side table (coverage, entry/exit latency, false exits, \
            missed entries/exits), also written to OUT/compare/compare.txt and compare.csv.
            """)

    @Argument(help: "Two check folders, or layout scenario files.")
    var inputs: [String]

    @Option(help: "Layouts: replications per layout (default: the first layout's `replications`).")
    var replications: Int?

    @Option(help: "Layouts: seed (default: the first layout's `seed`), the same for every layout.")
    var seed: UInt64?

    @Option(help: "Layouts: worker threads (default: all cores). Results do not depend on it.")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Results folder (holding catalogue.sqlite; layout tables go to OUT/compare).")
    var out: String = "Results"

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give two check folders or at least one layout scenario") }
        if let replications, replications < 1 { throw ValidationError("--replications must be at least 1") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    /// Check folders when every input is a directory.
    private var comparesFolders: Bool {
        inputs.allSatisfy { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    func run() async throws {
        if comparesFolders {
            guard inputs.count == 2 else { throw ValidationError("compare takes exactly two check folders") }
            let comparison = try CheckComparison(a: URL(fileURLWithPath: inputs[0]), b: URL(fileURLWithPath: inputs[1]))
            let root = URL(fileURLWithPath: out)
            ScenarioInput.catalogue(comparison.entry(root: root), root: root)
            print(comparison.text, terminator: "")
            return
        }
        let loaded = try inputs.map { try ScenarioInput.load($0) }
        let replications = self.replications ?? loaded.first?.replications ?? 100
        let comparison = try await LayoutComparison.run(
            layouts: loaded, seed: seed, replications: replications, threads: threads)
        print("\(loaded.count) layouts, \(replications) replications each, seed \(comparison.seed)")
        print(comparison.text, terminator: "")
        let directory = URL(fileURLWithPath: out).appendingPathComponent("compare")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(comparison.text.utf8).write(to: directory.appendingPathComponent("compare.txt"))
        try Data(comparison.csv.utf8).write(to: directory.appendingPathComponent("compare.csv"))
        print("→ \(directory.path)/compare.txt, compare.csv")
    }
}
