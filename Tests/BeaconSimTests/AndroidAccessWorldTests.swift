// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import PhoneModel
import ScenarioFormat
import SimulationCore
import Testing

/// Android 12–16 access end to end in a world (platforms-2026.md §2.1–2.3): the permissions filter
/// what reaches the app, notifications need POST_NOTIFICATIONS, the foreground service's start
/// limits and the long-scan timeout leave their records.
@Suite("Android access in a world")
struct AndroidAccessWorldTests {
    /// One phone walking into a shop with one beacon at 60 s; `app` and `actions` are YAML lines.
    static func trace(os: String, app: String, actions: String = "", duration: String = "5m") throws -> [TraceRecord] {
        let scenario = try ShopVisitScenario.make(
            os: os, app: app, rules: "      rules:\n        - { on: enter, do: notify, text: \"hello\" }", actions: actions,
            duration: duration)
        return try World(scenario: scenario, seed: 1).run().trace.filter { $0.phone == "phone" }
    }

    static func count(_ trace: [TraceRecord], _ name: String) -> Int { trace.filter { $0.event.name == name }.count }

    @Test("neverForLocation, a denied BLUETOOTH_SCAN or no fine location: no entry in any app state")
    func filtered() throws {
        for android in ["{ bluetoothScan: neverForLocation }", "{ bluetoothScan: denied }", "{ fineLocation: false }"] {
            for state in ["foreground", "background"] {
                let trace = try Self.trace(os: "android-14-abl-fgs", app: "      state: \(state)\n      android: \(android)")
                #expect(Self.count(trace, "didEnterRegion") == 0, "\(android) \(state)")
            }
        }
        let granted = try Self.trace(os: "android-14-abl-fgs", app: "      state: background")
        #expect(Self.count(granted, "didEnterRegion") == 1)
    }

    @Test("whenInUse on Android: no background entry with jobs, an entry with a running foreground service")
    func whileInUse() throws {
        let jobs = try Self.trace(os: "android-14-abl", app: "      permission: whenInUse")
        #expect(Self.count(jobs, "didEnterRegion") == 0)
        #expect(Self.count(jobs, "callbackLost") == 0)  // nothing reached the app to lose
        let service = try Self.trace(os: "android-14-abl-fgs", app: "      permission: whenInUse")
        #expect(Self.count(service, "didEnterRegion") == 1)
        let legacy = try Self.trace(os: "android-abl-8-fgs", app: "      permission: whenInUse")
        #expect(Self.count(legacy, "didEnterRegion") == 1)  // its service always runs
        #expect(Self.count(legacy, "foregroundServiceStarted") == 0)  // legacy profiles leave no records
    }

    @Test("without notification permission a notify rule records notificationSuppressed, not notificationPosted")
    func notifications() throws {
        let denied = try Self.trace(os: "android-14-abl-fgs", app: "      android: { notifications: false }")
        #expect(Self.count(denied, "notificationPosted") == 0)
        let suppressed = try #require(denied.first { $0.event.name == "notificationSuppressed" })
        #expect(suppressed.event.fieldText("reason")?.contains("POST_NOTIFICATIONS") == true)
        let granted = try Self.trace(os: "android-14-abl-fgs", app: "")
        #expect(Self.count(granted, "notificationPosted") == 1)
        #expect(Self.count(granted, "notificationSuppressed") == 0)
    }

    @Test("an app launched into the background is refused its service and opened later gets it")
    func serviceStart() throws {
        let trace = try Self.trace(
            os: "android-14-abl-fgs", app: "      state: notRunning", actions: "    actions: [{ at: 3m, action: foreground }]")
        let refused = try #require(trace.first { $0.event.name == "foregroundServiceRefused" })
        #expect(refused.event.fieldText("trigger") == "backgroundRestart")
        let started = try #require(trace.first { $0.event.name == "foregroundServiceStarted" })
        #expect(started.event.fieldText("trigger") == "foreground")
        #expect(started.time == .seconds(180))
    }

    @Test("a foreground-service scan past 10 minutes with the screen on is moved to opportunistic, then exits")
    func timeout() throws {
        let trace = try Self.trace(
            os: "android-14-abl-fgs", app: "", actions: "    actions: [{ at: 0s, action: screenOn }]", duration: "12m")
        let timeout = try #require(trace.first { $0.event.name == "scanTimeout" })
        #expect(timeout.time == .seconds(600))
        #expect(timeout.event.fieldText("outcome") == "opportunistic")
        let exit = try #require(trace.first { $0.event.name == "didExitRegion" })
        #expect(exit.time > .seconds(630) && exit.time < .seconds(632))
    }
}
