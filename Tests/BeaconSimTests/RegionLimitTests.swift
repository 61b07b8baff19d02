// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import ScenarioFormat
import SimulationCore
import Testing

/// The 21st region (Apple: 20 per app, `regionMonitoringFailure` beyond; behaviour.md §1.5, H): the
/// OS rejects it whatever the app's state, the timeline always shows the rejection
/// (`monitoringRejected`), and what the app is told follows the lifecycle.
@Suite("Region limit")
struct RegionLimitTests {
    /// 21 regions; the phone sits by a beacon of r01. `actions` are extra YAML action lines.
    static func scenario(state: String, actions: String = "") throws -> Scenario {
        let regions = (1...21).map {
            "        - { name: r\(String(format: "%02d", $0)), uuid: \"FDA50693-A4E2-4FB1-AFCF-C6EB07647825\", major: \($0) }"
        }
        let text = """
            schemaVersion: 1
            name: region-limit
            duration: 2m
            venue:
              size: [200, 20]
            beacons:
              - name: b
                ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }
                position: [5, 10]
                schedule:
                  - { at: 0s, power: off }
                  - { at: 60s, power: on }
            phones:
              - name: phone
                os: ios
                app:
                  state: \(state)
                  regions:
            \(regions.joined(separator: "\n"))
                path:
                  - { position: [6, 10] }
            \(actions)
            """
        return try ScenarioLoader.parse(text: text, path: "region-limit.yaml")
    }

    static func events(_ scenario: Scenario, seed: UInt64 = 1) throws -> [(Double, String, String?)] {
        try World(scenario: scenario, seed: seed).run().trace.compactMap { record in
            switch record.event {
            case .monitoringDidFail(let region, _): (record.time.seconds, "monitoringDidFail", region)
            case .callbackLost(let callback, let region, _) where callback == .monitoringDidFail:
                (record.time.seconds, "callbackLost", region)
            case .didEnterRegion(let region, _): (record.time.seconds, "didEnterRegion", region)
            default: record.event.name == "monitoringRejected" ? (record.time.seconds, "monitoringRejected", nil) : nil
            }
        }
    }

    @Test("foreground: rejected at registration and the app is told at once")
    func foreground() throws {
        let found = try Self.events(Self.scenario(state: "foreground")).filter { $0.1 != "didEnterRegion" }
        #expect(found.map(\.1) == ["monitoringRejected", "monitoringDidFail"])
        #expect(found.allSatisfy { $0.0 == 0 })
    }

    @Test("suspended: rejected at registration; the app hears of it when it next runs, before the region event that woke it")
    func suspended() throws {
        let found = try Self.events(Self.scenario(state: "suspended"))
        #expect(found.first?.1 == "monitoringRejected" && found.first?.0 == 0)
        let told = found.filter { $0.1 == "monitoringDidFail" }
        let entry = try #require(found.first { $0.1 == "didEnterRegion" })
        #expect(told.count == 1 && told.first?.2 == "r21")
        #expect(told.first?.0 == entry.0)
        let failIndex = try #require(found.firstIndex { $0.1 == "monitoringDidFail" })
        #expect(failIndex < found.firstIndex { $0.1 == "didEnterRegion" } ?? -1)
    }

    @Test("suspended and never woken: the rejection is still on the timeline")
    func suspendedNeverWoken() throws {
        let text = try Self.scenario(state: "suspended")
        var quiet = text
        quiet.beacons[0].schedule = [.init(at: 0, on: false)]
        let found = try Self.events(quiet)
        #expect(found.map(\.1) == ["monitoringRejected"])
    }

    @Test("not running: rejected at registration; no process to tell, recorded as a lost callback")
    func notRunning() throws {
        let found = try Self.events(Self.scenario(state: "notRunning")).filter { $0.1 != "didEnterRegion" }
        #expect(found.map(\.1) == ["monitoringRejected", "callbackLost"])
        #expect(found.allSatisfy { $0.0 == 0 && ($0.2 == nil || $0.2 == "r21") })
    }

    @Test("rejected in every replication, whatever the app state")
    func everyReplication() throws {
        for state in ["foreground", "background", "suspended", "notRunning"] {
            let scenario = try Self.scenario(state: state)
            for seed in UInt64(1)...20 {
                let rejections = try Self.events(scenario, seed: seed).filter { $0.1 == "monitoringRejected" }
                #expect(rejections.count == 1, "state \(state), seed \(seed)")
            }
        }
    }
}
