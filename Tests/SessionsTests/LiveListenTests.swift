// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
import HCICapture
import HCILive
import Reporting
import ScenarioFormat
import Sessions
import SimulationCore
import Testing

/// `listen` without hardware: a scripted controller and a manual clock make a live session as
/// deterministic as a simulation.
@Suite("Live listen session")
struct LiveListenTests {
    /// Answers every command with success and, once scanning is enabled, reports one iBeacon each
    /// time it is polled while the clock is between 10 s and `silentAfter` (each poll is 100 ms).
    final class BeaconController: HCITransport {
        let clock: ManualSessionClock
        let silentAfter: SimDuration
        var sent: [UInt16] = []
        var pending: [HCIPacket] = []
        var scanning = false
        var closed = false
        static let frame = IBeaconFrame(
            identity: IBeaconIdentity(
                uuid: BeaconUUID(string: "494E5445-4C4C-495F-524F-434B535F4857")!, major: 20594, minor: 62207),
            measuredPower: -62)

        init(clock: ManualSessionClock, silentAfter: SimDuration) {
            self.clock = clock
            self.silentAfter = silentAfter
        }

        func send(_ packet: HCIPacket) throws {
            let opcode = UInt16(packet.bytes[0]) | UInt16(packet.bytes[1]) << 8
            sent.append(opcode)
            if opcode == 0x200C { scanning = packet.bytes.count > 3 && packet.bytes[3] == 1 }
            pending.append(HCIEvent.commandCompletePacket(opcode: opcode))
        }

        func receive(timeout: Duration) throws -> [HCIPacket] {
            clock.advance(by: .milliseconds(100))
            var packets = pending
            pending.removeAll()
            if scanning, case let now = clock.elapsed(), now >= .seconds(10), now < silentAfter {
                let report = LEAdvertisingReport(
                    kind: .legacy, eventType: 3, addressType: 1, address: BluetoothAddress(value: 0xA4C1_3883_EF4C), rssi: -60,
                    data: Self.frame.advertisingData)
                packets.append(report.legacyEventPacket)
            }
            return packets
        }

        func close() { closed = true }
    }

    func session(duration: SimDuration) throws -> (LiveListen.Report, BeaconController) {
        let scenario = try ScenarioLoader.load(
            path: "Tests/EndToEndTests/Fixtures/replay-phone.yaml", catalogue: .standard)
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("listen-\(UUID().uuidString)")
        var listen = LiveListen(scenario: scenario, transport: "fake", store: ResultsStore(root: out))
        listen.duration = duration
        let clock = ManualSessionClock()
        let controller = BeaconController(clock: clock, silentAfter: .seconds(40))
        let report = try listen.execute(on: controller, clock: clock, stop: { false })
        return (report, controller)
    }

    @Test("reports enter the region, silence exits it; the same session twice gives the same timeline")
    func enterAndExit() throws {
        let (first, controller) = try session(duration: .seconds(90))
        #expect(controller.sent.prefix(3) == [0x0C03, 0x200B, 0x200C])  // reset, scan parameters, scan enable
        #expect(controller.sent.last == 0x200C)  // scanning disabled at the end
        #expect(first.iBeaconReports > 100)
        let events = first.result.trace.map(\.event.name)
        let enter = try #require(events.firstIndex(of: "didEnterRegion"))
        let exit = try #require(events.firstIndex(of: "didExitRegion"))
        #expect(enter < exit)
        let exitTime = first.result.trace[exit].time
        #expect(exitTime > .seconds(40) && exitTime < .seconds(85))
        let (second, _) = try session(duration: .seconds(90))
        let timeline = { (report: LiveListen.Report) in
            try String(contentsOf: report.directory.appendingPathComponent("timeline.jsonl"), encoding: .utf8)
        }
        #expect(try timeline(first) == timeline(second))
        #expect(
            FileManager.default.fileExists(atPath: first.directory.appendingPathComponent("manifest.json").path))
    }
}
