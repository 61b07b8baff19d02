// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import BeaconSim
import PhoneModel
import ScenarioFormat
import RadioPropagation
import SimulationCore
import Stochastics
import Testing

/// The phone's same-instant callback queue: a callback caused by another is delivered after that
/// one returns and its requests are carried out, never inside it.
@Suite("PhoneDevice callback queue")
struct CallbackQueueTests {
    /// Starts monitoring two regions and posts a notification at launch; notes any nested call.
    final class EagerApp: PhoneApp {
        var received: [AppCallback] = []
        var depth = 0
        var nested = false
        func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest] {
            depth += 1
            defer { depth -= 1 }
            if depth > 1 { nested = true }
            received.append(callback)
            guard case .didFinishLaunching = callback else { return [] }
            return [
                .createLocationManager, .startMonitoring(PhoneDeviceTests.region), .startMonitoring(Self.second),
                .postNotification(title: "hello", body: "launched"),
            ]
        }
        static let second = RegionDefinition(identifier: "desk", uuid: PhoneDeviceTests.uuid, major: 9)
    }

    func launch(_ profile: OSProfile) -> (PhoneDevice, EagerApp) {
        let stream = { (label: String) in RandomStream(seed: 7, replication: 0, label: label) }
        let scanner = ScanScheduler(
            profile: profile, random: stream("scan"),
            context: ScanContext(
                foreground: true, screenOn: true, ranging: false, anyRegionInside: false, bluetoothOn: true, monitoring: true),
            at: .zero)
        let app = EagerApp()
        let device = PhoneDevice(
            name: "p", trajectory: Trajectory(waypoints: [.init(position: .init(x: 0, y: 0))]),
            body: BodyLossModel(front: 0, behind: 0), profile: profile,
            monitor: RegionMonitor(profile: profile, random: stream("monitor"), softwareScanAnchor: scanner.softwareScanAnchor),
            scanner: scanner,
            lifecycle: AppLifecycle(initial: .foreground, profile: profile, authorization: .always, backgroundRefresh: true),
            app: app, hasLocationManager: false, regions: [], trace: TraceLog())
        _ = device.start(app: AppSpec(regions: []), at: .zero)
        return (device, app)
    }

    @Test("requests made in didFinishLaunching are all carried out before any callback they cause")
    func noReentry() {
        let (device, app) = launch(.iOS)
        var t = SimTime.zero
        while let due = device.nextDeadline, due <= .seconds(30) {
            t = due
            if device.advance(to: t).needsReschedule { device.refreshScan(at: t) }
        }
        #expect(!app.nested)
        let names = device.trace.records.map(\.event.name)
        let notification = names.firstIndex(of: "notificationPosted")
        let firstState = names.firstIndex(of: "didDetermineState")
        #expect(notification != nil && firstState != nil)
        if let notification, let firstState { #expect(notification < firstState, "\(names)") }
        // Both regions are determined, in the order they were registered.
        let determined = app.received.compactMap { callback -> String? in
            if case .didDetermineState(let region, _) = callback { region.identifier } else { nil }
        }
        #expect(determined.prefix(2) == ["store", "desk"])
    }

    @Test("ranging cycles are deadlines of the phone: one didRangeBeacons per second on the processing grid")
    func rangingOnTheGrid() {
        let (device, app) = launch(.iOS)
        _ = device.perform(.foreground, value: nil, at: .zero)
        app.received.removeAll()
        device.perform([.startRanging(identifier: "store")], at: .zero)
        var ticks: [SimTime] = []
        while let due = device.nextDeadline, due <= .seconds(10) {
            let before = app.received.count
            _ = device.advance(to: due)
            device.refreshScan(at: due)
            if app.received[before...].contains(where: { if case .didRangeBeacons = $0 { true } else { false } }) {
                ticks.append(due)
            }
        }
        #expect(ticks.count == 10)
        let gaps = zip(ticks.dropFirst(), ticks).map { ($0 - $1).nanoseconds }
        #expect(gaps.allSatisfy { $0 == OSProfile.iOS.rangingInterval.nanoseconds })
    }
}
