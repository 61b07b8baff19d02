// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import BeaconSim
import PhoneModel
import ScenarioFormat
import SimulationCore
import Testing

/// The iOS API generations end to end in a world (platforms-2026.md §1): CLMonitor events and their
/// delivery rules, service sessions, Precise Location, Control Center's Bluetooth, iOS 26 force-quit.
@Suite("iOS API generations")
struct APIGenerationTests {
    /// One phone walking into a shop with one beacon at 60 s; `app` and `actions` are YAML lines.
    static func scenario(os: String, app: String, actions: String = "", duration: String = "5m") throws -> Scenario {
        try ShopVisitScenario.make(os: os, app: app, actions: actions, duration: duration)
    }

    static func trace(_ scenario: Scenario, seed: UInt64 = 1, apps: AppFactory? = nil) throws -> [TraceRecord] {
        try World(scenario: scenario, seed: seed, apps: apps).run().trace.filter { $0.phone == "phone" }
    }

    static func monitorEvents(_ trace: [TraceRecord]) -> [MonitorEvent] {
        trace.compactMap { if case .monitorEvent(let event) = $0.event { event } else { nil } }
    }

    @Test("a wildcard condition's satisfied event names the beacon heard (refinement) and no delegate callback is made")
    func refinement() throws {
        let trace = try Self.trace(try Self.scenario(os: "ios-18", app: "      api: clMonitor\n      state: suspended"))
        let satisfied = try #require(Self.monitorEvents(trace).first { $0.state == .satisfied })
        #expect(satisfied.refinement?.major == 8 && satisfied.refinement?.minor == 1)
        #expect(satisfied.firstPacket != nil && satisfied.diagnostics.isEmpty)
        #expect(!trace.contains { if case .didEnterRegion = $0.event { true } else { false } })
    }

    @Test("iOS 18: no background event without a CLServiceSession(.always); iOS 17 has no such rule")
    func serviceSession() throws {
        for (os, session, delivered) in [
            ("ios-18", "none", false), ("ios-18", "whenInUse", false), ("ios-18", "always", true), ("ios-17", "none", true),
        ] {
            let app = "      api: clMonitor\n      state: suspended\n      serviceSession: \(session)"
            let trace = try Self.trace(try Self.scenario(os: os, app: app))
            let got = Self.monitorEvents(trace).contains { $0.state == .satisfied }
            #expect(got == delivered, "\(os) \(session)")
            let lost = trace.contains {
                if case .callbackLost(.monitorEvent, _, let reason) = $0.event {
                    [.noServiceSession, .noServiceSessionWhileNotInUse].contains(reason)
                } else {
                    false
                }
            }
            #expect(lost == !delivered, "\(os) \(session)")
        }
    }

    @Test("Precise Location off: no monitoring, no ranging; CLMonitor says accuracyLimited")
    func precise() throws {
        let legacy = try Self.trace(
            try Self.scenario(os: "ios-18", app: "      state: foreground\n      ranging: true\n      preciseLocation: false"))
        #expect(!legacy.contains { if case .didEnterRegion = $0.event { true } else { false } })
        #expect(!legacy.contains { if case .didRangeBeacons = $0.event { true } else { false } })
        let monitor = try Self.trace(
            try Self.scenario(
                os: "ios-18", app: "      api: clMonitor\n      state: suspended",
                actions: "    actions:\n      - { at: 30s, action: preciseLocationOff }"))
        let events = Self.monitorEvents(monitor)
        #expect(events.contains { $0.state == .unsatisfied && $0.diagnostics == [.accuracyLimited] })
        #expect(!events.contains { $0.state == .satisfied })
    }

    @Test("a CLMonitor app that does not re-open its monitor at a relaunch loses the condition")
    func notReopened() throws {
        let app = "      api: clMonitor\n      state: notRunning\n      opensMonitorAtLaunch: false"
        let trace = try Self.trace(try Self.scenario(os: "ios-18", app: app))
        #expect(trace.contains { if case .conditionUnmonitored("shop") = $0.event { true } else { false } })
        #expect(Self.monitorEvents(trace).isEmpty)
        let reopening = try Self.trace(try Self.scenario(os: "ios-18", app: "      api: clMonitor\n      state: notRunning"))
        #expect(Self.monitorEvents(reopening).contains { $0.state == .satisfied })
    }

    @Test("iOS 26: an app the user force-quit is not relaunched (L); iOS 18 relaunches it")
    func forceQuit() throws {
        for (os, relaunched) in [("ios-26", false), ("ios-18", true)] {
            let trace = try Self.trace(
                try Self.scenario(
                    os: os, app: "      state: foreground", actions: "    actions:\n      - { at: 1s, action: kill }"))
            let entered = trace.contains { if case .didEnterRegion = $0.event { true } else { false } }
            #expect(entered == relaunched, "\(os)")
        }
    }

    @Test("Control Center's Bluetooth off: existing regions keep working, new monitoring fails, back at 5 AM")
    func controlCenterBluetooth() throws {
        let scenario = try Self.scenario(
            os: "ios-18", app: "      state: foreground",
            actions: "    actions:\n      - { at: 10s, action: controlCenterBluetoothOff }",
            duration: "6h")
        let trace = try Self.trace(scenario, apps: { _, _ in LateMonitoringApp() })
        let rejected = trace.first {
            if case .monitoringRejected("late", .bluetoothOffInControlCenter) = $0.event { true } else { false }
        }
        #expect(rejected?.time == SimTime.zero + .seconds(30))
        #expect(trace.contains { if case .didEnterRegion("shop", _) = $0.event { true } else { false } })
        let restored = trace.first { if case .controlCenterBluetoothRestored = $0.event { true } else { false } }
        #expect(restored?.time == SimTime.zero + .seconds(5 * 3600))
    }

    @Test("api: clMonitor needs iOS 17+, and its conditions have no notify flags")
    func validation() throws {
        #expect(throws: ScenarioError.self) { try ResolvedScenario(try Self.scenario(os: "ios", app: "      api: clMonitor")) }
        #expect(throws: ScenarioError.self) {
            try ResolvedScenario(try Self.scenario(os: "android-abl", app: "      api: clMonitor"))
        }
        let notify = """
            schemaVersion: 1
            name: n
            venue: { size: [10, 10] }
            phones:
              - name: p
                os: ios-18
                app:
                  api: clMonitor
                  regions: [{ name: r, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", notifyOnEntry: false }]
                path: [{ position: [1, 1] }]
            """
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(text: notify, path: "n.yaml") }
        let session = notify.replacingOccurrences(of: "api: clMonitor", with: "serviceSession: always")
            .replacingOccurrences(of: ", notifyOnEntry: false", with: "")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.parse(text: session, path: "s.yaml") }
    }
}

/// An app that starts monitoring a second region 30 s into the run (a timer set at launch).
private final class LateMonitoringApp: PhoneApp {
    func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest] {
        switch callback {
        case .didFinishLaunching: return [.createLocationManager, .scheduleTimer(id: 1, at: SimTime.zero + .seconds(30))]
        case .timerFired:
            let late = RegionDefinition(identifier: "late", uuid: BeaconUUID(high: 1, low: 1))
            return [.startMonitoring(late)]
        default: return []
        }
    }
}
