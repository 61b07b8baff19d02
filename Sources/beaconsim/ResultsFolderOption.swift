// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Reporting

/// `--out`, the root of the results tree, shared by every command that writes a result into it
/// (`run`, `replay`, `listen`, `check`, `sweep`, `compare`, `plan`, `merge`, `coverage`) or reads its
/// catalogue (`history`). Where under it a command's result goes is said in that command's discussion.
struct ResultsFolderOption: ParsableArguments {
    @Option(name: .customLong("out"), help: "Results folder: the root holding each result's own folder and catalogue.sqlite.")
    var path: String = "Results"

    /// The folder as a URL.
    var url: URL { URL(fileURLWithPath: path) }

    /// The store of results below it.
    var store: ResultsStore { ResultsStore(root: url) }
}
