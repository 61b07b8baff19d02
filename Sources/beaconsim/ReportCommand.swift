// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained report.html with SVG figures for a results folder.",
        discussion: """
            A run folder gets a per-phone timeline (zone, app state, region state, callbacks, notifications); a \
            check folder entry/exit latency histograms and CDFs; a sweep folder each claim against the swept parameter.
            """)

    @Argument(help: "A results folder (from run, check, sweep or merge).")
    var directory: String

    func run() throws {
        let url = URL(fileURLWithPath: directory)
        let written = try ReportWriter.write(folder: url)
        print("→ \(written.path)")
    }
}
