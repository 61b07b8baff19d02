// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import Experiments
import Foundation
import Reporting
import ScenarioFormat
import Sessions

struct CompareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare beacon layouts: two check folders claim by claim, or layout scenarios side by side.",
        discussion: """
            With two check folders: prints each side's value with its 95 % interval and B − A, and records the \
            comparison in the catalogue. With scenario files (A.yaml B.yaml …): runs the same people, walks and \
            seeds against each layout (common random numbers), evaluates every layout's `expect:` claims and every \
            metric in every layout with 95 % intervals, gives each layout after the first its paired difference to \
            the first (replication by replication, t-interval), a verdict per claim and a ranking by claims met, \
            and maps coverage on the same grid as `coverage`. Either way the results go to a new folder \
            OUT/compare/<time>-…/ (compare.txt, compare.csv, manifest.json; for layouts also verdicts.csv, \
            compare.json and one coverage map per layout; `beaconsim report` draws it).
            """)

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Two check folders, or layout scenario files.")
    var inputs: [String]

    // Not the shared option groups: both apply to layout files only, and default to the first layout's value.
    @Option(parsing: .unconditional, help: "Layouts: replications per layout (default: the first layout's `replications`).")
    var replications: Int?

    @Option(parsing: .unconditional, help: "Layouts: seed (default: the first layout's `seed`), the same for every layout.")
    var seed: UInt64?

    /// Layouts: worker threads.
    @OptionGroup var threadOptions: ThreadOptions

    @OptionGroup var grid: CoverageGridOptions

    @OptionGroup var out: ResultsFolderOption

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give two check folders or at least one layout scenario") }
        if let replications, replications < 1 { throw ValidationError("--replications must be at least 1") }
    }

    /// Check folders when every input is a directory.
    private var comparesFolders: Bool {
        inputs.allSatisfy { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    func run() async throws {
        let store = out.store
        let started = Date()
        if comparesFolders {
            guard inputs.count == 2 else { throw ValidationError("compare takes exactly two check folders") }
            let comparison = try CheckComparison(a: URL(fileURLWithPath: inputs[0]), b: URL(fileURLWithPath: inputs[1]))
            ScenarioInput.catalogue(comparison.entry(root: store.root), root: store.root)
            print(comparison.text, terminator: "")
            let directory = try comparison.write(into: store, startedAt: started)
            print("→ \(directory.path)/ (compare.txt, compare.csv, manifest.json)")
            return
        }
        let loaded = try inputs.map { try ScenarioInput.load($0) }
        let replications = self.replications ?? loaded.first?.replications ?? 100
        let clock = WallClock()
        let bar = ProgressBar(label: "compare")
        StopSignal.pollingCommand(finishesRunningWork: true)
        let comparison = try await LayoutComparison.run(
            layouts: loaded, seed: seed, replications: replications, threads: threadOptions.count,
            resolution: try grid.pitch(), stop: StopSignal.flag, progress: bar.update)
        bar.finish()
        print(comparison.text, terminator: "")
        let directory = try comparison.write(
            into: store, startedAt: started, wallSeconds: clock.seconds, scale: try grid.scale())
        print("→ \(directory.path)/ (compare.txt, compare.csv, verdicts.csv, compare.json, coverage maps, manifest.json)")
        if comparison.interrupted {
            throw CommandError(
                "interrupted: results of the finished replications were written",
                status: StopSignal.exitStatus ?? .interrupted)
        }
    }
}
