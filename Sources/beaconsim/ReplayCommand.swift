// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import HCICapture
import Reporting
import Sessions
import ScenarioFormat

/// `beaconsim replay FILE --scenario PHONE.yaml`: a capture's iBeacon packets through a phone model.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a capture's iBeacon packets through a scenario phone's OS model instead of the synthetic radio.",
        discussion: """
            The scenario's beacons are replaced by the capture's; capture time is rebased so the first advertising \
            observation is at t = 0 (+ --offset); silences longer than --idle-gap are cut to it. The run lasts until \
            the last observation + --tail, or --duration, at most 720h (30 days). The capture is streamed: memory \
            does not grow with its size. A capture written by `beaconsim run --capture` carries the run's time \
            origin, duration and seed, and is replayed on them by default, reproducing the run's entries and exits. \
            Results as for `run` (timeline.jsonl, metrics.json, manifest.json with the capture's SHA-256). The \
            scenario's claims about the replayed phone are evaluated over the replay and printed, as `run` does; \
            `check --capture` evaluates them over many replications and exits 1 when one fails.
            """)

    @OptionGroup var access: ScenarioAccess

    @Argument(help: "The capture (btsnoop, pcap or pcapng).")
    var file: String

    @Option(help: "Scenario file giving the phone (OS profile, app, regions).")
    var scenario: String

    @Option(help: "The phone to use (default: the scenario's first).")
    var phone: String?

    @Option(help: "Shift of capture time after rebasing, e.g. 10s.")
    var offset: DurationArgument?

    @Option(help: "Time after the last observation (default 5m; a BeaconSim capture: its run's duration).")
    var tail: DurationArgument?

    @Option(
        parsing: .unconditional,
        help: "Seed of the phone's random streams (default: a BeaconSim capture's, else the scenario's `seed`).")
    var seed: UInt64?

    @Option(help: "Whole length of the run, replacing last observation + tail.")
    var duration: DurationArgument?

    @Option(help: "Silences in the capture longer than this are cut to it (default 1h); the cut time is in the manifest.")
    var idleGap: DurationArgument?

    @Option(
        parsing: .unconditional,
        help: "Replication number: the same phone as replication K of `check --capture` with this seed.")
    var replication: Int = 0

    @OptionGroup var out: ResultsFolderOption

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        var replay = ReplayRun(scenario: scenario, capturePath: file, store: out.store)
        replay.phone = phone
        if let offset { replay.offset = offset.duration }
        replay.tail = tail?.duration
        replay.seed = seed
        replay.duration = duration?.duration
        if let idleGap { replay.idleGap = idleGap.duration }
        replay.replication = replication
        replay.stop = StopSignal.flag
        StopSignal.pollingCommand()
        let report = try CaptureInput.naming(file) { try replay.execute() }
        print(
            RunSummary.text(
                scenario: report.scenario, result: report.result, metrics: report.metrics, wallSeconds: report.wallSeconds))
        print(
            "Capture: \(report.capture.observations) observations, \(report.capture.packetCount) iBeacon packets, "
                + "\(report.result.packetsReceived) received in scan windows")
        if !report.claims.isEmpty {
            print("Claims over this replay:")
            for line in ClaimReport.lines(report.claims) { print("  " + line) }
        }
        for claim in report.skippedClaims {
            print("  SKIP  \(ClaimReport.title(claim))  (about another phone)  \(claim.location)")
        }
        print("Results: \(report.directory.path)/ (timeline.jsonl, metrics.json, manifest.json)")
        if report.interrupted {
            throw CommandError(
                "interrupted: the replay so far was written; its claims were not evaluated",
                status: StopSignal.exitStatus ?? .interrupted)
        }
    }
}
