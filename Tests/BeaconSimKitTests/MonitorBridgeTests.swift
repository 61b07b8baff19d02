// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
import PhoneModel
import SimulationCore
import Testing

@testable import BeaconSimKit

/// An app that takes a service session and opens its monitor at launch, and collects the events
/// its loop receives, with the instant the loop ran.
final class SessionMonitorApp: SimulatedApplicationDelegate {
    var session: SimulatedServiceSession?
    var monitor: SimulatedMonitor?
    var received: [(now: Double, event: SimulatedMonitor.Event)] = []
    var task: SimulatedTask?

    required init() {}

    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        session = SimulatedServiceSession(authorization: .always)
        task = SimulatedTask { [weak self] in
            let monitor = await SimulatedMonitor("m")
            self?.monitor = monitor
            do {
                for try await event in await monitor.events {
                    self?.received.append((SimulatedApplication.shared?.now ?? -1, event))
                }
            } catch {}
        }
        return true
    }
}

/// The bridge's CLMonitor side without a world: the requests it makes and the events it hands on.
@Suite struct MonitorBridgeTests {
    let uuid = UUID(uuid: (0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1, 0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25))
    var definition: RegionDefinition { RegionDefinition(identifier: "store", uuid: _UUIDBridging.beaconUUID(uuid), major: 1) }

    func bridge() -> (_AppBridge, () -> SessionMonitorApp?) {
        var last: SessionMonitorApp?
        let bridge = _AppBridge(phone: "p", regions: [definition], authorization: .authorizedAlways, usesMonitor: true) {
            let app = SessionMonitorApp()
            last = app
            return app
        }
        return (bridge, { last })
    }

    @Test func launchTakesTheSessionThenOpensTheMonitor() {
        let (bridge, _) = bridge()
        let requests = bridge.handle(.didFinishLaunching(locationEvent: true), at: .zero)
        #expect(requests == [.holdServiceSession(.always), .openMonitor])
        #expect(bridge.registered.isEmpty)  // the scenario's regions are conditions here
    }

    @Test func eventsReachTheLoopAtTheirInstantWithRefinement() throws {
        let (bridge, app) = bridge()
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .zero)
        let beacon = IBeaconIdentity(uuid: _UUIDBridging.beaconUUID(uuid), major: 1, minor: 7)
        _ = bridge.handle(
            .monitorEvent(MonitorEvent(identifier: "store", state: .satisfied, refinement: beacon)), at: .seconds(12))
        _ = bridge.handle(
            .monitorEvent(MonitorEvent(identifier: "store", state: .unsatisfied, diagnostics: [.accuracyLimited])),
            at: .seconds(30))
        let received = try #require(app()?.received)
        #expect(received.map(\.now) == [12, 30])
        #expect(received.map(\.event.date) == [12, 30])
        #expect(received.map(\.event.state) == [.satisfied, .unsatisfied])
        #expect(received.first?.event.refinement == BeaconIdentityCondition(uuid: uuid, major: 1, minor: 7))
        #expect(received.last?.event.accuracyLimited == true)
        #expect(bridge.record(for: "store")?.lastEvent.state == .unsatisfied)
    }

    @Test func droppingOrInvalidatingTheSessionReleasesIt() throws {
        let (bridge, app) = bridge()
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .zero)
        let process = try #require(app()?.monitor?.process)
        #expect(process.run { app()?.session = nil } == [.holdServiceSession(.none)])
        // Two sessions: the strongest counts; invalidating it leaves the other.
        var sessions: [SimulatedServiceSession] = []
        #expect(
            process.run {
                sessions.append(SimulatedServiceSession(authorization: .whenInUse))
                sessions.append(SimulatedServiceSession(authorization: .always))
            } == [.holdServiceSession(.whenInUse), .holdServiceSession(.always)])
        #expect(process.run { sessions[1].invalidate() } == [.holdServiceSession(.whenInUse)])
        #expect(process.run { sessions.removeAll() } == [.holdServiceSession(.none)])
    }

    @Test func addAndRemoveAreRequestsAndReadAtOnce() throws {
        let (bridge, app) = bridge()
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .zero)
        let monitor = try #require(app()?.monitor)
        let process = try #require(monitor.process)
        let door = BeaconIdentityCondition(uuid: uuid, major: 1, minor: 2)
        let requests = process.run {
            SimulatedTask {
                await monitor.add(door, identifier: "door", assuming: .satisfied)
                await monitor.remove("store")
            }
        }
        #expect(
            requests == [
                .addCondition(
                    RegionDefinition(identifier: "door", uuid: _UUIDBridging.beaconUUID(uuid), major: 1, minor: 2),
                    assuming: .satisfied, onlyIfAbsent: false),
                .removeCondition(identifier: "store"),
            ])
        #expect(bridge.kept.map(\.identifier) == ["door"])
        #expect(bridge.record(for: "door")?.condition == door)
        #expect(bridge.record(for: "door")?.lastEvent.state == .satisfied)
    }

    @Test func recordsFollowWhatCoreLocationKeeps() throws {
        let (bridge, _) = bridge()
        var conditions = MonitorConditions(support: OSProfile.iOS18.clMonitor!)
        _ = conditions.add(definition, assuming: .unknown, onlyIfAbsent: false)
        _ = conditions.event("store", state: .satisfied)  // decided while the app was not told
        bridge.coreLocationState(conditions: conditions, preciseLocation: false)
        _ = bridge.handle(.didFinishLaunching(locationEvent: false), at: .seconds(40))
        #expect(
            bridge.record(for: "store")?.lastEvent == SimulatedMonitor.Event(identifier: "store", state: .satisfied, date: 40))
        #expect(bridge.preciseLocation == false)
    }
}
