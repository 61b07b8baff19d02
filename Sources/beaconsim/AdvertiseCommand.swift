// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Reporting
import Sessions
import ScenarioFormat

/// `beaconsim advertise --transport T SCENARIO|CAPTURE`: a real controller advertises the beacons.
struct AdvertiseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advertise",
        abstract: "Make a real HCI controller advertise a scenario's or a capture's iBeacons.",
        discussion: """
            Legacy advertising by default: several beacons are rotated, the advertising data changing every \
            shortest-interval / count (≥ 20 ms). With --extended (Bluetooth 5 controllers), each beacon gets an \
            advertising set of its own at its own interval (LE Set Extended Advertising Parameters, Data, Enable), \
            still sending legacy PDUs so that phones hear them.
            """)

    @OptionGroup var access: ScenarioAccess

    @Option(help: "The controller's transport, e.g. tcp-client:127.0.0.1:9001 or hci:0.")
    var transport: String

    @Argument(help: "A scenario file, or a capture (btsnoop, pcap, pcapng) whose iBeacons to re-advertise.")
    var input: String

    @Option(help: "Stop after this long, e.g. 30s (default: until Ctrl-C).")
    var duration: DurationArgument?

    @Option(help: "Advertising interval for a capture's beacons (default 100ms).")
    var interval: DurationArgument?

    @Flag(help: "Advertise ADV_IND (connectable) instead of ADV_NONCONN_IND; Bumble relays only ADV_IND.")
    var connectable = false

    @Flag(help: "One extended advertising set per beacon (Bluetooth 5) instead of rotating one legacy set.")
    var extended = false

    func run() throws {
        var advertise =
            LiveAdvertise.isCapture(path: input)
            ? try CaptureInput.naming(input) {
                try LiveAdvertise(capturePath: input, interval: interval?.duration.nanoseconds ?? 100_000_000)
            }
            : try LiveAdvertise(scenario: try ScenarioInput.load(input))
        guard !advertise.beacons.isEmpty else {
            throw CommandError("error: \(input): no iBeacon to advertise")
        }
        advertise.connectable = connectable
        advertise.extended = extended
        for beacon in advertise.beacons { print("Advertising \(beacon.name) every \(beacon.interval / 1_000_000) ms") }
        StopSignal.pollingCommand()
        let limit = duration.map { Duration.nanoseconds($0.duration.nanoseconds) }
        try advertise.execute(transport: transport, duration: limit, stop: { StopSignal.isRequested })
        print("Advertising stopped")
        if let status = StopSignal.exitStatus { throw CommandError(nil, status: status) }
    }
}
