// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import HCILive
import Reporting
import Sessions
import ScenarioFormat

/// `beaconsim listen --transport T --scenario PHONE.yaml`: real advertising reports, in real time,
/// through a scenario phone's OS model.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Scan with a real HCI controller and feed its reports to a scenario phone in real time.",
        discussion: """
            Transports: tcp-client:HOST:PORT, tcp-server:HOST:PORT, pty:PATH, serial:DEVICE[,BAUD], hci:N. \
            Shows a line per region event as it happens (didEnterRegion, didExitRegion, didDetermineState, the OS's \
            region state, notifications) and a summary of what the controller delivers every --summary-every. \
            timeline.jsonl is written as events happen; Ctrl-C or SIGTERM ends cleanly (scanning disabled, metrics and manifest \
            written; exit 130 or 143).
            """)

    @OptionGroup var access: ScenarioAccess

    @Option(help: "The controller's transport, e.g. tcp-client:127.0.0.1:9000 or hci:0.")
    var transport: String

    @Option(help: "Scenario file giving the phone (OS profile, app, regions).")
    var scenario: String

    @Option(help: "The phone to use (default: the scenario's first).")
    var phone: String?

    @Option(help: "Stop after this long, e.g. 30s (default: until Ctrl-C).")
    var duration: DurationArgument?

    @Option(help: "Time between summary lines (reports, iBeacons heard and their mean RSSI), e.g. 30s (default 10s).")
    var summaryEvery: DurationArgument?

    @OptionGroup var out: ResultsFolderOption

    func run() throws {
        let scenario = try ScenarioInput.load(self.scenario)
        var session = LiveListen(scenario: scenario, transport: transport, store: out.store)
        session.phone = phone
        session.duration = duration?.duration
        if let summaryEvery { session.console = LiveConsole(interval: summaryEvery.duration) }
        session.show = { print($0) }
        print("Listening on \(transport) as \(phone ?? scenario.phones.first?.name ?? "the phone") (Ctrl-C to stop)")
        StopSignal.pollingCommand()
        let report = try session.execute(stop: { StopSignal.isRequested })
        print(
            "Listened \(report.scenario.duration / 1_000_000_000) s: \(report.reports) advertising reports, "
                + "\(report.iBeaconReports) iBeacon, \(report.result.packetsReceived) received by the phone")
        print("Results: \(report.directory.path)/ (timeline.jsonl, metrics.json, manifest.json)")
        if let status = StopSignal.exitStatus { throw CommandError(nil, status: status) }
    }
}
