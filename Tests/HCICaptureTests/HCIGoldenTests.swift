// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import HCICapture
import TestSupport
import Testing

/// Golden bytes for HCI command encoders, the report encoder and the event decoders (formats.md §3–4).
struct HCIGoldenTests {
    /// The Bumble worked example of formats.md §4.1.
    static let bumbleEvent: [UInt8] =
        [0x04, 0x3E, 0x2A, 0x02, 0x01, 0x00, 0x01, 0xF5, 0xF4, 0xF3, 0xF2, 0xF1, 0xF0, 0x1E]
        + [0x02, 0x01, 0x06, 0x1A, 0xFF, 0x4C, 0x00, 0x02, 0x15, 0xFD, 0xA5, 0x06, 0x93, 0xA4, 0xE2, 0x4F, 0xB1]
        + [0xAF, 0xCF, 0xC6, 0xEB, 0x07, 0x64, 0x78, 0x25, 0x00, 0x05, 0x00, 0x06, 0xC5, 0xCE]

    @Test func commandEncoders() {
        #expect(HCICommand.reset().packet.h4Bytes == [0x01, 0x03, 0x0C, 0x00])
        #expect(
            HCICommand.leSetScanParameters().packet.h4Bytes
                == [0x01, 0x0B, 0x20, 0x07, 0x00, 0x10, 0x00, 0x10, 0x00, 0x00, 0x00])
        #expect(HCICommand.leSetScanEnable(true).packet.h4Bytes == [0x01, 0x0C, 0x20, 0x02, 0x01, 0x00])
        #expect(HCICommand.leSetAdvertisingEnable(true).packet.h4Bytes == [0x01, 0x0A, 0x20, 0x01, 0x01])
        #expect(
            HCICommand.leSetAdvertisingParameters(intervalMin: 0x00A0, intervalMax: 0x00A0).packet.h4Bytes
                == [0x01, 0x06, 0x20, 0x0F, 0xA0, 0x00, 0xA0, 0x00, 0x03, 0x00, 0x00]
                + [0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x07, 0x00])
        let data = HCICommand.leSetAdvertisingData([0x02, 0x01, 0x06]).packet.h4Bytes
        #expect(data == [0x01, 0x08, 0x20, 0x20, 0x03, 0x02, 0x01, 0x06] + Array(repeating: 0, count: 28))
    }

    @Test func legacyReportEncoderMatchesBumble() throws {
        let report = LEAdvertisingReport(
            kind: .legacy, eventType: 0, addressType: 1, address: BluetoothAddress(string: "F0:F1:F2:F3:F4:F5")!,
            rssi: -50, data: Array(Self.bumbleEvent[14..<44]))
        #expect(report.legacyEventPacket.h4Bytes == Self.bumbleEvent)
    }

    @Test func legacyReportDecodes() throws {
        let packet = try #require(HCIPacket(h4: Self.bumbleEvent))
        guard case .leAdvertisingReports(let reports) = try HCIEvent(packet: packet) else {
            Issue.record("not an advertising report")
            return
        }
        let report = try #require(reports.first)
        #expect(reports.count == 1)
        #expect(report.address.description == "F0:F1:F2:F3:F4:F5")
        #expect(report.addressType == 1 && report.rssi == -50 && report.legacyPDUType == .advInd)
        guard case .ibeacon(let frame) = report.advertisingData.beaconFrames.first else {
            Issue.record("no iBeacon")
            return
        }
        #expect(frame.identity.uuid.description == "FDA50693-A4E2-4FB1-AFCF-C6EB07647825")
        #expect(frame.identity.major == 5 && frame.identity.minor == 6 && frame.measuredPower == -59)
    }

    @Test func twoContiguousLegacyReports() throws {
        let one: [UInt8] = [0x03, 0x00, 1, 2, 3, 4, 5, 6, 0x03, 0x02, 0x01, 0x06, 0x7F]
        let two: [UInt8] = [0x04, 0x01, 6, 5, 4, 3, 2, 1, 0x00, 0xB0]
        let parameters: [UInt8] = [0x02, 0x02] + one + two
        let packet = HCIPacket(type: .event, bytes: [0x3E, UInt8(parameters.count)] + parameters)
        guard case .leAdvertisingReports(let reports) = try HCIEvent(packet: packet) else {
            Issue.record("not an advertising report")
            return
        }
        #expect(reports.count == 2)
        #expect(reports[0].rssi == nil)  // 127 = unavailable
        #expect(reports[0].data == [0x02, 0x01, 0x06])
        #expect(reports[1].rssi == -80 && reports[1].data.isEmpty && reports[1].legacyPDUType == .scanRsp)
    }

    static func extendedReport(eventType: UInt16, data: [UInt8]) -> [UInt8] {
        [UInt8(eventType & 0xFF), UInt8(eventType >> 8), 0x01, 1, 2, 3, 4, 5, 6, 0x01, 0x00, 0x02, 0x7F, 0xC4]
            + [0x00, 0x00, 0x00, 0, 0, 0, 0, 0, 0, UInt8(data.count)] + data
    }

    static func metaEvent(_ subevent: UInt8, _ reports: [[UInt8]]) -> HCIPacket {
        let parameters = [subevent, UInt8(reports.count)] + reports.flatMap { $0 }
        return HCIPacket(type: .event, bytes: [0x3E, UInt8(parameters.count)] + parameters)
    }

    @Test func extendedReportMasksRFUBitAndReassemblesFragments() throws {
        let ibeacon = Array(Self.bumbleEvent[14..<44])
        let first = Self.metaEvent(0x0D, [Self.extendedReport(eventType: 0x8013 | 0x0020, data: Array(ibeacon[..<10]))])
        let last = Self.metaEvent(0x0D, [Self.extendedReport(eventType: 0x8013, data: Array(ibeacon[10...]))])
        var assembler = LEExtendedReportAssembler()
        guard case .leAdvertisingReports(let a) = try HCIEvent(packet: first),
            case .leAdvertisingReports(let b) = try HCIEvent(packet: last)
        else {
            Issue.record("not advertising reports")
            return
        }
        #expect(a[0].dataStatus == 1 && a[0].eventType == 0x33)
        #expect(b[0].eventType == 0x13 && b[0].legacyPDUType == .advInd)
        #expect(b[0].txPower == nil && b[0].rssi == -60 && b[0].advertisingSID == 2)
        let pending = assembler.add(a[0])
        #expect(pending == nil)
        let complete = assembler.add(b[0])
        let joined = try #require(complete)
        #expect(joined.data == ibeacon)
        #expect(joined.advertisingData.beaconFrames.count == 1)
    }

    @Test func directedReport() throws {
        let report: [UInt8] = [0x01, 0x01, 1, 2, 3, 4, 5, 6, 0x01, 9, 8, 7, 6, 5, 4, 0xC0]
        guard case .leAdvertisingReports(let reports) = try HCIEvent(packet: Self.metaEvent(0x0B, [report])) else {
            Issue.record("not a directed report")
            return
        }
        #expect(reports[0].kind == .directed && reports[0].rssi == -64)
        #expect(reports[0].directAddress?.description == "04:05:06:07:08:09")
    }

    @Test func commandCompleteAndStatus() throws {
        let complete = try HCIEvent(packet: HCIPacket(h4: [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])!)
        #expect(complete == .commandComplete(numberOfPackets: 1, opcode: 0x0C03, returnParameters: [0x00]))
        #expect(complete.status == .success)
        let status = try HCIEvent(packet: HCIPacket(h4: [0x04, 0x0F, 0x04, 0x0C, 0x01, 0x0C, 0x20])!)
        #expect(status == .commandStatus(status: .commandDisallowed, numberOfPackets: 1, opcode: 0x200C))
        #expect(HCIStatus.commandDisallowed.description == "0x0C Command Disallowed")
        #expect(HCIStatus(rawValue: 0x12).name == "Invalid HCI Command Parameters")
        #expect(HCIStatus(rawValue: 0x3C).name == "Advertising Timeout")
        #expect(HCIStatus(rawValue: 0xF0).name == "Reserved")
    }

    @Test func malformedEventsThrowNeverTrap() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            let bytes = (0..<Int(generator.next() % 60)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var event = [0x3E] + bytes
            if event.count > 1 { event[1] = UInt8(truncatingIfNeeded: event.count - 2 + Int(generator.next() % 3)) }
            if event.count > 2 { event[2] = [0x02, 0x0D, 0x0B][Int(generator.next() % 3)] }
            _ = try? HCIEvent(packet: HCIPacket(type: .event, bytes: event))
        }
    }

    @Test func h4ReassemblerHandlesAnyChunking() throws {
        let stream =
            HCICommand.reset().packet.h4Bytes + [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00] + Self.bumbleEvent
            + [0x02, 0x01, 0x20, 0x03, 0x00, 0xAA, 0xBB, 0xCC]
        for chunk in 1...stream.count {
            var reassembler = H4StreamReassembler()
            var packets: [HCIPacket] = []
            var index = 0
            while index < stream.count {
                packets += try reassembler.append(stream[index..<min(index + chunk, stream.count)])
                index += chunk
            }
            #expect(
                packets.map(\.h4Bytes) == [
                    [0x01, 0x03, 0x0C, 0x00], [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00], Self.bumbleEvent,
                    [0x02, 0x01, 0x20, 0x03, 0x00, 0xAA, 0xBB, 0xCC],
                ])
            #expect(reassembler.pendingByteCount == 0)
        }
        var broken = H4StreamReassembler()
        // Packets completed before a bad indicator are delivered; the next call reports its offset.
        #expect(try broken.append([0x01, 0x03, 0x0C, 0x00, 0x09]).count == 1)
        #expect { try broken.append([]) } throws: { ($0 as? CaptureError)?.offset == 4 }
    }
}
