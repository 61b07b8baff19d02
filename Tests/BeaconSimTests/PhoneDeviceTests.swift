// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import BeaconSim
import PhoneModel
import RadioPropagation
import SimulationCore
import Stochastics
import Testing

/// The phone glue on its own: packets in, OS models advanced to their deadlines, callbacks (or
/// their loss) out, without a world or a radio.
@Suite("PhoneDevice")
struct PhoneDeviceTests {
    /// An app that records what it is told and asks for nothing.
    final class RecordingApp: PhoneApp {
        var received: [AppCallback] = []
        func handle(_ callback: AppCallback, at now: SimTime) -> [AppRequest] {
            received.append(callback)
            return []
        }
    }

    static let uuid = BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!
    static let region = RegionDefinition(identifier: "store", uuid: uuid)
    static let frame = IBeaconFrame(identity: IBeaconIdentity(uuid: uuid, major: 1, minor: 1), measuredPower: -59)

    /// A stationary phone with `profile`, its app in `state`, monitoring `store` with a location manager.
    func phone(_ profile: OSProfile = .iOS, state: AppState = .background, manager: Bool = true) -> (
        PhoneDevice, RecordingApp
    ) {
        let stream = { (label: String) in RandomStream(seed: 5, replication: 0, label: label) }
        let scanner = ScanScheduler(
            profile: profile, random: stream("scan"),
            context: ScanContext(
                foreground: false, screenOn: false, ranging: false, anyRegionInside: false, bluetoothOn: false,
                monitoring: false), at: .zero)
        let app = RecordingApp()
        let device = PhoneDevice(
            name: "p", trajectory: Trajectory(waypoints: [.init(position: .init(x: 0, y: 0))]),
            body: BodyLossModel(front: 0, behind: 0), profile: profile,
            monitor: RegionMonitor(profile: profile, random: stream("monitor"), softwareScanAnchor: scanner.softwareScanAnchor),
            scanner: scanner,
            lifecycle: AppLifecycle(initial: state, profile: profile, authorization: .always, backgroundRefresh: true),
            app: app, hasLocationManager: manager, regions: [Self.region], trace: TraceLog())
        device.perform([.startMonitoring(Self.region)], at: .zero)
        device.refreshScan(at: .zero)
        return (device, app)
    }

    /// Feeds one packet every 100 ms from `from` to `to` (s) while the radio listens, running the
    /// phone's deadlines in between, then runs the deadlines up to `until`.
    func drive(_ device: PhoneDevice, packets from: Double, to: Double, until: Double) {
        var t = SimTime.seconds(from)
        let end = SimTime.seconds(until)
        while t <= end {
            while let due = device.nextDeadline, due <= t {
                if device.advance(to: due).needsReschedule { device.refreshScan(at: due) }
            }
            if t <= .seconds(to), device.isListening(at: t),
                device.receive(Self.frame, source: 0, rssi: -60, at: t).needsReschedule
            {
                device.refreshScan(at: t)
            }
            t = t + .milliseconds(100)
        }
    }

    func events(_ device: PhoneDevice) -> [String] { device.trace.records.map(\.event.name) }

    @Test("heard in the background: the app is woken for didEnterRegion, then an exit follows the silence")
    func enterThenExit() {
        let (device, app) = phone(.iOS, state: .suspended)
        drive(device, packets: 20, to: 80, until: 220)
        #expect(app.received.contains { if case .didEnterRegion = $0 { true } else { false } })
        #expect(app.received.contains { if case .didExitRegion = $0 { true } else { false } })
        let names = events(device)
        let enter = names.firstIndex(of: "didEnterRegion")
        let wake = device.trace.records.firstIndex {
            if case .appStateChanged(.suspended, .background, .regionEvent) = $0.event { true } else { false }
        }
        #expect(wake != nil && enter != nil && wake! < enter!, "the wake precedes the callback: \(names)")
    }

    @Test("without a location manager the OS still decides, but the callbacks are recorded as lost")
    func noManager() {
        let (device, app) = phone(.iOS, state: .background, manager: false)
        drive(device, packets: 20, to: 50, until: 60)
        #expect(!app.received.contains { if case .didEnterRegion = $0 { true } else { false } })
        #expect(
            device.trace.records.contains {
                if case .callbackLost(.didEnterRegion, "store", _) = $0.event { true } else { false }
            })
        #expect(
            device.trace.records.contains {
                if case .osRegionState("store", .inside, .transition) = $0.event { true } else { false }
            })
    }

    @Test("a packet that changes the monitor's plans asks the world to reschedule")
    func needsRefresh() {
        let (device, _) = phone(.iOS, state: .foreground)
        drive(device, packets: 0, to: -1, until: 5)
        let listening = (500..<600).map { SimTime(nanoseconds: Int64($0) * 10_000_000) }.first { device.isListening(at: $0) }
        let t = try? #require(listening)
        #expect(device.receive(Self.frame, source: 0, rssi: -60, at: t ?? .zero).needsReschedule)
        // Inside already, with the exit check armed: the next packets of the same cycle change nothing.
        drive(device, packets: 6, to: 8, until: 8)
        let later = (900..<1000).map { SimTime(nanoseconds: Int64($0) * 10_000_000) }.first { device.isListening(at: $0) }
        let u = try? #require(later)
        #expect(device.receive(Self.frame, source: 0, rssi: -60, at: u ?? .zero) == .unchanged)
    }

    @Test("an app killed by the user on iOS 7.0 is not relaunched: the entry is lost")
    func killedOnIOS70() {
        let (device, app) = phone(.iOS70, state: .background)
        _ = device.perform(.kill, value: nil, at: .zero)
        drive(device, packets: 20, to: 600, until: 700)
        #expect(app.received.isEmpty)
        #expect(device.trace.records.contains { if case .callbackLost(.didEnterRegion, _, _) = $0.event { true } else { false } })
    }
}
