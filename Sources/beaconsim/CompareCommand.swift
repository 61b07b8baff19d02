// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Reporting
import ScenarioFormat

struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Run the same people, walks and seeds against several beacon layouts and compare them side by side.",
        discussion: "Prints the table and writes compare.txt and compare.csv to OUT (default Results/compare).")

    @Argument(help: "Layout scenario files (usually importing the same people).")
    var layouts: [String]

    @Option(help: "Replications per layout (default: the first layout's `replications`).")
    var replications: Int?

    @Option(help: "Seed (default: the first layout's `seed`), the same for every layout.")
    var seed: UInt64?

    @Option(help: "Worker threads (default: all cores). Results do not depend on it.")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "Output folder.")
    var out: String = "Results/compare"

    func validate() throws {
        if layouts.count < 1 { throw ValidationError("give at least one layout") }
        if let replications, replications < 1 { throw ValidationError("--replications must be at least 1") }
        if threads < 1 { throw ValidationError("--threads must be at least 1") }
    }

    func run() async throws {
        let loaded = try layouts.map { try ScenarioInput.load($0) }
        let replications = self.replications ?? loaded.first?.replications ?? 100
        let comparison = try await ScenarioInput.diagnosingAsync {
            try await LayoutComparison.run(layouts: loaded, seed: seed, replications: replications, threads: threads)
        }
        print("\(loaded.count) layouts, \(replications) replications each, seed \(comparison.seed)")
        print(comparison.text, terminator: "")
        let directory = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(comparison.text.utf8).write(to: directory.appendingPathComponent("compare.txt"))
        try Data(comparison.csv.utf8).write(to: directory.appendingPathComponent("compare.csv"))
        print("→ \(directory.path)/compare.txt, compare.csv")
    }
}
