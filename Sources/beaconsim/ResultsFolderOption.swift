// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Reporting

/// `--out`, shared by the sessions that write one results folder (`run`, `replay`, `listen`).
struct ResultsFolderOption: ParsableArguments {
    @Option(name: .customLong("out"), help: "Results folder.")
    var path: String = "Results"

    /// The folder as a URL.
    var url: URL { URL(fileURLWithPath: path) }

    /// The store of results below it.
    var store: ResultsStore { ResultsStore(root: url) }
}
