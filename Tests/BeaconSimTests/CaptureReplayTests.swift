// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import BeaconSim
import Foundation
import HCICapture
import ScenarioFormat
import SimulationCore
import Testing

/// Replay streams a capture, cuts long silences and refuses spans over the limit (issue 15: a
/// capture with a year-long gap hung `replay`).
@Suite("Capture replay")
struct CaptureReplayTests {
    static let second: Int64 = 1_000_000_000

    /// A btsnoop file of legacy iBeacon reports at `times` (seconds after 2023-11-14), minor = index.
    static func capture(_ times: [Int64]) throws -> String {
        let uuid = BeaconUUID(string: "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")!
        let packets = times.enumerated().map { index, time in
            let frame = IBeaconFrame(identity: IBeaconIdentity(uuid: uuid, major: 1, minor: UInt16(index)), measuredPower: -59)
            let report = LEAdvertisingReport(
                kind: .legacy, eventType: 3, addressType: 1, address: BluetoothAddress(value: 0xC0FF_EE00_0000),
                rssi: -60, data: frame.advertisingData)
            return TimestampedHCIPacket(
                timestamp: 1_700_000_000 * second + time * second, direction: .controllerToHost,
                packet: report.legacyEventPacket)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString).log").path
        try BtsnoopWriter.write(packets, toPath: path)
        return path
    }

    static func packets(_ replay: CaptureReplay) throws -> [ReplayPacket] {
        var packets: [ReplayPacket] = []
        try replay.forEachPacket { packets.append($0) }
        return packets
    }

    @Test("a year of silence is cut to the idle gap and counted")
    func yearGap() throws {
        let year = 365 * 24 * 3_600 as Int64
        let path = try Self.capture([0, 10, year + 10, year + 20])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let replay = try CaptureReplay(path: path)
        #expect(replay.idleGaps == 1)
        #expect(replay.idleSkipped == .nanoseconds((year - 3_600) * Self.second))
        #expect(replay.lastObservation == SimTime(nanoseconds: (3_610 + 10) * Self.second))
        #expect(try Self.packets(replay).map(\.time.nanoseconds) == [0, 10, 3_610, 3_620].map { $0 * Self.second })
    }

    @Test("a span over the limit even after cutting is refused at the record")
    func spanOverLimit() throws {
        let path = try Self.capture([0, 800 * 3_600])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect {
            _ = try CaptureReplay(path: path, idleGap: .seconds(1_000 * 3_600))
        } throws: { error in
            guard let error = error as? CaptureError else { return false }
            return error.offset == 16 + 24 + 45 && error.message.contains("more than 720 h")
        }
    }

    @Test("packets out of file order come out in time order, sources numbered by first sight")
    func reordered() throws {
        let path = try Self.capture([5, 1, 3])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let packets = try Self.packets(try CaptureReplay(path: path))
        #expect(packets.map(\.time.nanoseconds) == [-4, -2, 0].map { $0 * Self.second })
        #expect(packets.map(\.source) == [1, 2, 0])
        #expect(packets.map(\.frame.identity.minor) == [1, 2, 0])
    }
}
