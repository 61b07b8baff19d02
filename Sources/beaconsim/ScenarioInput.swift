// SPDX-License-Identifier: GPL-3.0-or-later
import Experiments
import Foundation
import ResultsCatalogue
import ScenarioFormat
import Synchronization

/// Loading scenarios for the subcommands. Errors (`ScenarioError`, with every diagnostic) go to
/// `ExitStatus.report`, which prints them and exits 2.
enum ScenarioInput {
    /// Loads and validates `path` against the built-in catalogue.
    static func load(_ path: String) throws -> Scenario {
        try ScenarioLoader.load(path: path, catalogue: .standard, imports: ScenarioAccess.policy)
    }

    /// Loads `path` keeping its YAML tree for `--set`.
    static func template(_ path: String) throws -> ScenarioTemplate {
        try ScenarioTemplate(path: path, catalogue: .standard, imports: ScenarioAccess.policy)
    }

    /// Records `entry` in the catalogue under `root`. A failure does not stop the command (its
    /// results are written and printed) but is reported on stderr and makes the exit status 2, as
    /// README.md says of a catalogue that cannot be written (`catalogueFailed`).
    static func catalogue(_ entry: CatalogueEntry, root: URL) {
        do {
            try CatalogueRecording.record(entry, root: root)
        } catch {
            let reason = ExitStatus.describe(error).message ?? "\(error)"
            Console.error("error: could not record the run in \(root.path)/catalogue.sqlite: \(reason)")
            catalogueFailed.store(true, ordering: .relaxed)
        }
    }

    /// Whether recording a run in the catalogue failed during this command.
    static let catalogueFailed = Atomic<Bool>(false)
}
