// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Reporting
internal import Foundation
internal import HCICapture

/// `beaconsim inspect FILE [--json]`: summarise a btsnoop / pcap / pcapng capture.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Summarise a BLE capture (btsnoop, pcap, pcapng): reports, addresses, beacons, RSSI.")

    @Argument(help: "The capture file.")
    var file: String

    @Flag(help: "Print the summary as JSON (a stable contract).")
    var json = false

    func run() throws {
        let summary = try CaptureInput.naming(file) { try CaptureInspector.inspect(path: file) }
        print(json ? CaptureSummaryJSON.text(summary) : "File:       \(file)\n" + summary.text, terminator: "")
    }
}
