// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import Reporting

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the shard folders of a check, sweep or plan into the folder one machine would have written.",
        discussion:
            "Every replication must be present exactly once; the summary is byte-identical to an unsharded run's. A shard run "
            + "again may be given twice: identical copies are fine (the newer is used); copies that differ are resolved "
            + "by the tool version of the other shards, or refused with both named. The merged folder goes to a new "
            + "folder under OUT (a check's or sweep's is recorded in OUT/catalogue.sqlite).")

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "Shard results folders (from check/sweep/plan --shard).")
    var directories: [String]

    @Option(help: "The scenario file, when it is not at the path recorded in the manifests (its hash must match).")
    var scenario: String?

    @OptionGroup var out: ResultsFolderOption

    func run() throws {
        let root = out.url
        if let (plan, directory, compare) = try LayoutPlanner.merge(
            directories.map { URL(fileURLWithPath: $0) }, imports: ScenarioAccess.policy, store: ResultsStore(root: root))
        {
            print("merged \(Plural.count(directories.count, "plan shard folder")): \(plan.confirmed.count) layouts")
            print(plan.text, terminator: "")
            print("→ \(directory.path)/ (plan.txt, plan.csv, manifest.json)")
            print("→ \(compare.path)/ (the comparison; `beaconsim report` draws it)")
            if plan.winner == nil { throw CommandError.claimFailed }
            return
        }
        let outcome = try ShardMerger.merge(
            directories.map { URL(fileURLWithPath: $0) }, scenarioPath: scenario, catalogue: .standard,
            imports: ScenarioAccess.policy,
            store: ResultsStore(root: root))
        ScenarioInput.catalogue(CatalogueRecording.entry(outcome, root: root), root: root)
        let folder = outcome.folder
        for note in outcome.notes { print("note: \(note)") }
        print(
            "merged \(Plural.count(folder.mergedFrom, "shard folder")): \(Plural.count(outcome.recordCount, "replication")) of "
                + Plural.count(folder.grid.count, "point")
        )
        print("→ \(outcome.directory.path)/" + (folder.kind == .check ? "check.json" : "sweep.csv"))
        if !outcome.passed { throw CommandError.claimFailed }
    }
}
