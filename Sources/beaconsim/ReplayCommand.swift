// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import HCICapture
import Reporting
import ScenarioFormat

/// `beaconsim replay FILE --scenario PHONE.yaml`: a capture's iBeacon packets through a phone model.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a capture's iBeacon packets through a scenario phone's OS model instead of the synthetic radio.",
        discussion: """
            The scenario's beacons are replaced by the capture's; capture time is rebased so the first advertising \
            observation is at t = 0 (+ --offset). The run lasts until the last observation + --tail, or --duration. \
            Results as for `run` (timeline.jsonl, metrics.json, manifest.json with the capture's SHA-256).
            """)

    @Argument(help: "The capture (btsnoop, pcap or pcapng).")
    var file: String

    @Option(help: "Scenario file giving the phone (OS profile, app, regions).")
    var scenario: String

    @Option(help: "The phone to use (default: the scenario's first).")
    var phone: String?

    @Option(help: "Shift of capture time after rebasing, e.g. 10s.")
    var offset: DurationArgument?

    @Option(help: "Time after the last observation (default 5m).")
    var tail: DurationArgument?

    @Option(help: "Whole length of the run, replacing last observation + tail.")
    var duration: DurationArgument?

    @Option(help: "Results folder.")
    var out: String = "Results"

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        var replay = ReplayRun(scenario: scenario, capturePath: file, store: ResultsStore(root: URL(fileURLWithPath: out)))
        replay.phone = phone
        if let offset { replay.offset = offset.duration }
        if let tail { replay.tail = tail.duration }
        replay.duration = duration?.duration
        let report = try CaptureInput.naming(file) { try replay.execute() }
        print(
            RunSummary.text(
                scenario: report.scenario, result: report.result, metrics: report.metrics, wallSeconds: report.wallSeconds))
        print(
            "Capture: \(report.capture.observations) observations, \(report.capture.packets.count) iBeacon packets, "
                + "\(report.result.packetsReceived) received in scan windows")
        print("Results: \(report.directory.path)/ (timeline.jsonl, metrics.json, manifest.json)")
    }
}
