// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import Foundation
import Testing

/// An app that takes a service session (unless told not to), opens its monitor at every launch,
/// runs the test's set-up on it, and posts every event as a notification (title: the state; body:
/// identifier | diagnostics | date), so the test reads them, with their instants, off the result.
final class MonitorTestApp: SimulatedApplicationDelegate {
    nonisolated(unsafe) static var takesSession = true
    nonisolated(unsafe) static var setUp: (SimulatedMonitor, SimulatedApplication) async -> Void = { _, _ in }
    var session: SimulatedServiceSession?
    var manager: SimulatedLocationManager?
    var task: SimulatedTask?

    required init() {}

    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        if Self.takesSession { session = SimulatedServiceSession(authorization: .always) }
        manager = SimulatedLocationManager()
        if manager?.accuracyAuthorization == .reducedAccuracy { application.post(title: "reducedAccuracy", body: "") }
        task = SimulatedTask {
            let monitor = await SimulatedMonitor("test")
            await Self.setUp(monitor, application)
            do {
                for try await event in await monitor.events {
                    let diagnostics = event.diagnostics.map(\.rawValue).joined(separator: ",")
                    SimulatedApplication.shared?.post(
                        title: event.state.rawValue, body: "\(event.identifier)|\(diagnostics)|\(event.date)")
                }
            } catch {}
        }
        return true
    }
}

@Suite(.serialized) struct MonitorTests {
    static let uuid = UUID(uuid: (0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25))

    /// One phone next to one beacon that is off until `on` and again from `off`; a `clMonitor`
    /// app on `os` with the condition `store` (uuid) kept from an earlier session.
    static func scenario(
        os: String = "ios-18", app: String = "", actions: String = "[]", on: String = "60s", off: String = "4m",
        duration: String = "6m"
    ) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-monitor-\(UUID().uuidString).yaml").path
        try """
        schemaVersion: 1
        duration: \(duration)
        venue: { size: [20, 20] }
        beacons:
          - name: b
            ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }
            position: [10, 10]
            schedule:
              \(on == "0s" ? "" : "- { at: 0s, power: off }")
              - { at: \(on), power: on }
              - { at: \(off), power: off }
        phones:
          - name: p
            os: \(os)
            app:
              api: clMonitor
              state: foreground
              \(app)
              regions: [ { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" } ]
            path:
              - { position: [11, 10] }
            actions: \(actions)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func run(
        _ path: String, takesSession: Bool = true,
        setUp: @escaping (SimulatedMonitor, SimulatedApplication) async -> Void = { _, _ in }
    )
        throws -> SimulationResult
    {
        MonitorTestApp.takesSession = takesSession
        MonitorTestApp.setUp = setUp
        defer {
            MonitorTestApp.takesSession = true
            MonitorTestApp.setUp = { _, _ in }
        }
        return try Simulation.run(scenario: path, app: MonitorTestApp.self, seed: 1)
    }

    /// The events the app received: (instant, state, identifier, diagnostics, event date).
    static func events(_ result: SimulationResult) -> [(
        time: Double, state: String, identifier: String, diagnostics: String, date: Double
    )] {
        result.notifications.compactMap { note in
            let parts = note.body.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let date = Double(parts[2]) else { return nil }
            return (note.time, note.title, parts[0], parts[1], date)
        }
    }

    @Test("events reach the app's loop in order, each at its simulated instant, as the timeline has them")
    func eventsInOrderInSimulatedTime() throws {
        let result = try Self.run(Self.scenario())
        let events = Self.events(result)
        // The condition kept from before the run is determined outside quietly (no event); then
        // the beacon comes on at 60 s and goes off at 4 min.
        #expect(events.map(\.state) == ["satisfied", "unsatisfied"])
        #expect(events.allSatisfy { $0.time == $0.date && $0.identifier == "store" })
        #expect(events.map(\.time) == events.map(\.time).sorted())
        #expect(events.map(\.time) == result.events(named: "monitorEvent").map(\.time.seconds))
        #expect(events.first.map { $0.time > 60 && $0.time < 80 } == true)
        #expect(events.last.map { $0.time > 240 } == true)
        #expect(result.actions.first { $0.kind == .openedMonitor(name: "test") }?.time == 0)
    }

    @Test("conditions persist across a kill and relaunch: identifiers and record(for:) read what Core Location keeps")
    func conditionsPersistAcrossARelaunch() throws {
        let path = try Self.scenario(actions: "[ { at: 10s, action: kill } ]")
        let result = try Self.run(path) { monitor, application in
            let identifiers = await monitor.identifiers
            if !identifiers.contains("door") {
                await monitor.add(BeaconIdentityCondition(uuid: Self.uuid, major: 1, minor: 1), identifier: "door")
            }
            let record = await monitor.record(for: "door")
            let condition = record.map { "\($0.condition.major ?? 0).\($0.condition.minor ?? 0)" } ?? "none"
            application.post(
                title: "launch",
                body: "\(identifiers.joined(separator: ","));\(condition);\(record?.lastEvent.state.rawValue ?? "")")
        }
        #expect(result.actions.contains { $0.kind == .launched(locationEvent: true) })
        let launches = result.notifications.filter { $0.title == "launch" }.map(\.body)
        // First launch: only the scenario's condition, then the app adds its own; after the kill the
        // relaunched process finds both, with the door's last event (unsatisfied before the kill).
        #expect(launches.count == 2)
        #expect(launches.first == "store;1.1;unknown")
        #expect(launches.last == "store,door;1.1;unsatisfied")
        #expect(result.actions.filter { if case .addedCondition = $0.kind { true } else { false } }.count == 1)
        #expect(Self.events(result).contains { $0.state == "satisfied" && $0.identifier == "door" })
    }

    @Test("assuming: a first determination equal to the assumed state is no event; a different one is")
    func assumingSetsTheStartingState() throws {
        let path = try Self.scenario(on: "0s")
        let result = try Self.run(path) { monitor, application in
            let inside = BeaconIdentityCondition(uuid: Self.uuid, major: 1)
            await monitor.add(inside, identifier: "assumedInside", assuming: .satisfied)
            await monitor.add(inside, identifier: "assumedOutside", assuming: .unsatisfied)
            let assumed = await monitor.record(for: "assumedInside")?.lastEvent
            application.post(title: "assumed", body: "\(assumed?.state.rawValue ?? "")@\(assumed?.date ?? -1)")
        }
        #expect(result.notifications.first { $0.title == "assumed" }?.body == "satisfied@0.0")
        let events = Self.events(result).filter { $0.time < 240 }
        #expect(!events.contains { $0.identifier == "assumedInside" })
        #expect(events.first { $0.identifier == "assumedOutside" }?.state == "satisfied")
    }

    @Test("re-adding an unchanged condition resets its state (conditionReaddResets, ios-18): a fresh satisfied event follows")
    func readdingAnUnchangedConditionResetsIt() throws {
        let path = try Self.scenario(on: "0s")
        let result = try Self.run(path) { monitor, application in
            try? await SimulatedTask.sleep(seconds: 100)
            let before = await monitor.record(for: "store")?.lastEvent.state
            await monitor.add(BeaconIdentityCondition(uuid: Self.uuid), identifier: "store")  // unchanged
            let after = await monitor.record(for: "store")?.lastEvent.state
            application.post(title: "readd", body: "\(before?.rawValue ?? "")>\(after?.rawValue ?? "")")
        }
        #expect(result.notifications.first { $0.title == "readd" }?.body == "satisfied>unknown")
        // Kept from before the run, the condition was determined inside quietly (no event): the
        // only satisfied event is the fresh one after the reset, as if the shopper had just arrived.
        let satisfied = Self.events(result).filter { $0.state == "satisfied" && $0.identifier == "store" }
        #expect(satisfied.count == 1)
        #expect(satisfied.first.map { $0.time >= 100 && $0.time < 120 } == true)
    }

    @Test("the 21st condition is kept but not served: its event says conditionLimitExceeded")
    func twentyFirstConditionExceedsTheLimit() throws {
        let path = try Self.scenario(on: "0s")
        let result = try Self.run(path) { monitor, application in
            for minor in 1...20 {  // with the scenario's condition: 21
                await monitor.add(
                    BeaconIdentityCondition(uuid: Self.uuid, major: 7, minor: UInt16(minor)), identifier: "c\(minor)")
            }
            application.post(title: "count", body: "\(await monitor.identifiers.count)")
        }
        #expect(result.notifications.first { $0.title == "count" }?.body == "21")
        let limited = Self.events(result).filter { $0.diagnostics.contains("conditionLimitExceeded") }
        #expect(limited.map(\.identifier) == ["c20"])
        #expect(limited.first?.state == "unknown")
    }

    @Test("ios-18: no background events without a CLServiceSession(.always); with one they arrive")
    func backgroundEventsNeedAServiceSession() throws {
        let actions = "[ { at: 5s, action: background } ]"
        let without = try Self.run(Self.scenario(app: "serviceSession: none", actions: actions), takesSession: false)
        #expect(!Self.events(without).contains { $0.state == "satisfied" })
        #expect(!without.lostCallbacks.isEmpty && without.timeline.contains("serviceSessionRequired"))
        let with = try Self.run(Self.scenario(actions: actions))
        #expect(Self.events(with).contains { $0.state == "satisfied" && $0.time > 60 })
        #expect(with.actions.contains { $0.kind == .tookServiceSession(.always) })
        // iOS 17 has no service sessions: the events arrive without one.
        let ios17 = try Self.run(Self.scenario(os: "ios-17", app: "serviceSession: none", actions: actions), takesSession: false)
        #expect(Self.events(ios17).contains { $0.state == "satisfied" })
    }

    @Test("Precise Location off: reducedAccuracy on the manager, and only unsatisfied events with accuracyLimited")
    func reducedAccuracyGivesNoEvents() throws {
        let result = try Self.run(Self.scenario(app: "preciseLocation: false", on: "0s"))
        #expect(result.notifications.first?.title == "reducedAccuracy")
        let events = Self.events(result)
        #expect(!events.isEmpty)
        #expect(events.allSatisfy { $0.state == "unsatisfied" && $0.diagnostics == "accuracyLimited" })
        #expect(result.events(named: "didRangeBeacons").isEmpty)
    }
}

/// The example of docs/beaconsimkit.md ("CLMonitor apps"), as written there.
final class DocumentedStoreApp: SimulatedApplicationDelegate {
    static let storeUUID = UUID(
        uuid: (0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25))
    var session: SimulatedServiceSession?
    var task: SimulatedTask?

    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        session = SimulatedServiceSession(authorization: .always)  // before the monitor: background events need it
        task = SimulatedTask {  // at every launch, also a relaunch for an event
            let monitor = await SimulatedMonitor("store")
            if await monitor.record(for: "store") == nil {  // re-adding would reset the state
                await monitor.add(BeaconIdentityCondition(uuid: Self.storeUUID, major: 1), identifier: "store")
            }
            do {
                for try await event in await monitor.events where event.diagnostics.isEmpty {
                    if event.state == .satisfied { SimulatedApplication.shared?.post(title: "Welcome", body: "") }
                }
            } catch {}  // the task was cancelled
        }
        return true
    }
    required init() {}
}

@Test("the documented CLMonitor example gets its one welcome in the example's store visit")
func documentedExampleWorks() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/CouponApp/Scenarios/store-visit-monitor.yaml").path
    let result = try Simulation.run(scenario: path, app: DocumentedStoreApp.self, seed: 1)
    #expect(result.notifications.map(\.title) == ["Welcome"])
}
