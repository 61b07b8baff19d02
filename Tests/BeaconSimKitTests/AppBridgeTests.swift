// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
import PhoneModel
import SimulationCore
import Testing

@testable import BeaconSimKit

/// A recording app: creates its manager at launch unless told not to, and logs every callback.
final class RecordingApp: SimulatedApplicationDelegate, SimulatedLocationManagerDelegate {
    nonisolated(unsafe) static var createsManager = true
    nonisolated(unsafe) static var instances = 0
    var manager: SimulatedLocationManager?
    var calls: [String] = []

    required init() { Self.instances += 1 }

    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        guard Self.createsManager else { return true }
        let manager = SimulatedLocationManager()
        manager.delegate = self
        self.manager = manager
        return true
    }

    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
        calls.append("enter \(region.identifier)")
        SimulatedApplication.shared?.post(title: "hi", body: region.identifier)
    }

    func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: BeaconRegion) {
        calls.append("start \(region.identifier)")
    }

    func locationManager(
        _ manager: SimulatedLocationManager, rangingBeaconsDidFailFor constraint: BeaconIdentityConstraint,
        withError error: any Error
    ) { calls.append("rangingFailed") }

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) { calls.append("auth") }
}

@Suite(.serialized) struct AppBridgeTests {
    let uuid = UUID(uuid: (0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25))
    var definition: RegionDefinition {
        RegionDefinition(identifier: "store", uuid: _UUIDBridging.beaconUUID(uuid), major: 1)
    }

    func bridge(creates: Bool = true) -> (_AppBridge, () -> RecordingApp?) {
        RecordingApp.createsManager = creates
        var last: RecordingApp?
        let bridge = _AppBridge(phone: "p", regions: [definition], authorization: .authorizedAlways) {
            let app = RecordingApp()
            last = app
            return app
        }
        return (bridge, { last })
    }

    @Test func uuidRoundTrips() {
        #expect(_UUIDBridging.uuid(_UUIDBridging.beaconUUID(uuid)) == uuid)
        #expect(_UUIDBridging.beaconUUID(uuid).description.uppercased() == uuid.uuidString)
    }

    @Test func managerCreatedAtLaunchBecomesARequestAndGetsCallbacks() throws {
        let (bridge, app) = bridge()
        let requests = bridge.handle(.didFinishLaunching(locationEvent: true), at: .zero)
        #expect(requests == [.createLocationManager])
        #expect(app()?.calls == ["auth"])
        let answer = bridge.handle(.didEnterRegion(definition), at: SimTime.seconds(5))
        #expect(answer == [.postNotification(title: "hi", body: "store")])
        #expect(app()?.calls == ["auth", "enter store"])
        #expect(bridge.log.map(\.kind).contains(.postedNotification(title: "hi", body: "store")))
    }

    @Test func appWithoutManagerMakesNoRequestsAndHearsNothing() {
        let (bridge, app) = bridge(creates: false)
        #expect(bridge.handle(.didFinishLaunching(locationEvent: true), at: .zero).isEmpty)
        #expect(bridge.handle(.didEnterRegion(definition), at: .zero).isEmpty)
        #expect(app()?.calls == [])
    }

    @Test func everyLaunchIsANewProcess() {
        let (bridge, app) = bridge()
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .zero)
        let first = app()
        _ = bridge.handle(.didFinishLaunching(locationEvent: true), at: SimTime.seconds(60))
        #expect(app() !== first)
        #expect(bridge.log.map(\.kind).filter { $0 == .createdLocationManager }.count == 2)
    }

    @Test func registeringTheSameRegionAgainKeepsTheOSState() throws {
        let (bridge, app) = bridge()
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .zero)
        let manager = try #require(app()?.manager)
        #expect(manager.monitoredRegions.map(\.identifier) == ["store"])
        let process = try #require(manager.process)
        let same = BeaconRegion(uuid: uuid, major: 1, identifier: "store")
        let requests = process.run { manager.startMonitoring(for: same) }
        #expect(requests.isEmpty)
        #expect(app()?.calls.last == "start store")
        let changed = BeaconRegion(uuid: uuid, major: 2, identifier: "store")
        let changedRequests = process.run { manager.startMonitoring(for: changed) }
        #expect(changedRequests == [.startMonitoring(_UUIDBridging.definition(changed))])
    }

    @Test func rangingMapsConstraintsToRegions() throws {
        let (bridge, app) = bridge()
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .zero)
        let manager = try #require(app()?.manager)
        let process = try #require(manager.process)
        let known = BeaconIdentityConstraint(uuid: uuid, major: 1)
        #expect(process.run { manager.startRangingBeacons(satisfying: known) } == [.startRanging(identifier: "store")])
        #expect(process.run { manager.stopRangingBeacons(satisfying: known) } == [.stopRanging(identifier: "store")])
        let unknown = BeaconIdentityConstraint(uuid: uuid, major: 9)
        #expect(process.run { manager.startRangingBeacons(satisfying: unknown) }.isEmpty)
        #expect(app()?.calls.last == "rangingFailed")
    }
}

@Suite(.serialized) struct LifecycleCallbackTests {
    /// An app that opens a background task on every entry and records when its handler runs.
    final class TaskApp: ManagerApp {
        override func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
            guard let app = SimulatedApplication.shared else { return }
            _ = app.beginBackgroundTask { app.post(title: "expired", body: "\(app.now)") }
        }

        override func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {
            guard let app = SimulatedApplication.shared else { return }
            app.post(title: "authorization", body: "\(app.authorizationStatus.rawValue)")
        }
    }

    static let scenarioText = """
        schemaVersion: 1
        duration: 4m
        venue: { size: [200, 20] }
        beacons:
          - { name: b, ibeacon: { uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825", major: 1, minor: 1 }, position: [5, 10] }
        phones:
          - name: p
            app:
              state: suspended
              regions: [ { name: store, uuid: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825" } ]
            path:
              - { position: [195, 10] }
              - { position: [6, 10], at: 60s, dwell: 3m }
            actions:
              - { at: 3m, action: foreground }
              - { at: 210s, action: permission, value: whenInUse }
        """

    @Test("the expiration handler runs when background time runs out; authorization changes reach the delegate")
    func handlers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-lifecycle-\(UUID().uuidString).yaml").path
        try Self.scenarioText.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Simulation.run(scenario: path, app: TaskApp.self, seed: 2)
        let titles = result.notifications.map(\.title)
        #expect(titles.contains("expired"))
        #expect(titles.last == "authorization")
        #expect(result.notifications.last?.body == "\(AuthorizationStatus.authorizedWhenInUse.rawValue)")
        #expect(result.events(named: "backgroundTimeExpiring").count >= 1)
    }

    /// The time of the first `appStateChanged` to `to` with `reason`.
    static func stateChange(_ result: SimulationResult, to: String, reason: String) -> Double? {
        result.records.first { record in
            guard case .appStateChanged(_, let state, let why) = record.event else { return false }
            return state.rawValue == to && why.rawValue == reason
        }?.time.seconds
    }

    @Test(
        "the handler runs 5 s before the task's 30 s (from the wake) run out and may still act; a task left open gets the app killed"
    )
    func handlerLeadTime() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kit-lead-\(UUID().uuidString).yaml").path
        try Self.scenarioText.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Simulation.run(scenario: path, app: TaskApp.self, seed: 2)
        let wake = try #require(Self.stateChange(result, to: "background", reason: "regionEvent"))
        let expired = try #require(result.notifications.first { $0.title == "expired" })
        #expect(abs(expired.time - wake - 25) < 1e-6)
        #expect(expired.body == "\(expired.time)")  // the app's clock reads the handler's instant
        let killed = try #require(Self.stateChange(result, to: "notRunning", reason: "backgroundTaskNotEnded"))
        #expect(abs(killed - wake - 30) < 1e-6)
    }
}
