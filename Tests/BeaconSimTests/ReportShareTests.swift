// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import Reporting
import ScenarioFormat
import Testing

/// A beacon's report share (`beacons[].reportShare`) in a run: a gate per beacon in 1 s slots, on
/// its own stream, shared by every phone.
@Suite("Beacon report shares")
struct ReportShareTests {
    /// Two phones standing 2 m from one beacon, scanning in the foreground for ten minutes.
    static func scenario(share: Double?) throws -> Scenario {
        let phone = { (name: String, x: Int) in
            """
              - name: \(name)
                os: ios
                carry: hand
                app: { state: foreground, ranging: true, regions: [{ name: r, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" }] }
                path: [{ position: [\(x), 5] }]
            """
        }
        var scenario = try ScenarioLoader.parse(
            text: """
                schemaVersion: 1
                duration: 10m
                venue: { size: [20, 10], environment: explicitWalls }
                beacons:
                  - { name: b, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }, position: [10, 5] }
                phones:
                \(phone("left", 8))
                \(phone("right", 12))
                """, path: "share.yaml", catalogue: .standard)
        scenario.beacons[0].reportShare = share
        return scenario
    }

    /// 600 slots: the share of open slots has SD √(0.4·0.6/600) = 0.02; the tolerance is 5 of them
    /// (every packet of the run is received at 2 m, so received packets follow the open slots).
    @Test("a share of 0.4 keeps about 40 % of the packets, for both phones alike, and exactly as the reference loop")
    func share() throws {
        let full = try World(scenario: Self.scenario(share: nil), seed: 3).run()
        let gated = try World(scenario: Self.scenario(share: 0.4), seed: 3).run()
        let reference = try World(scenario: Self.scenario(share: 0.4), seed: 3).run(mode: .reference)
        #expect(full.packetsSent == gated.packetsSent)
        #expect(abs(Double(gated.packetsReceived) / Double(full.packetsReceived) - 0.4) < 0.1)
        #expect(gated.packetsReceived == reference.packetsReceived)
        #expect(TimelineWriter.text(gated.trace) == TimelineWriter.text(reference.trace))
        // A share of 1 is no gate at all: the same run, byte for byte, as none.
        let one = try World(scenario: Self.scenario(share: 1), seed: 3).run()
        #expect(TimelineWriter.text(one.trace) == TimelineWriter.text(full.trace))
    }
}
