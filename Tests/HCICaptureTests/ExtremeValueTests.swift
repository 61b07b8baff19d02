// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
import Foundation
import HCICapture
import Testing

/// Issue 15's minimal capture inputs: timestamps that no Int64 of nanoseconds holds, spans wider
/// than one, an advertising report batch cut short, files that cannot be opened.
struct ExtremeValueTests {
    /// A btsnoop 1002 file of one legacy report event whose raw timestamp is `raw` (µs since year 0).
    static func btsnoop(rawTimestamp raw: UInt64) -> [UInt8] {
        let packet = TimestampedHCIPacket(
            timestamp: 1_700_000_000_000_000_000, direction: .controllerToHost,
            packet: RoundTripTests.reports[0].1.legacyEventPacket)
        var bytes = BtsnoopWriter.encode([packet])
        for index in 0..<8 { bytes[16 + 16 + index] = UInt8(truncatingIfNeeded: raw >> UInt64(56 - 8 * index)) }
        return bytes
    }

    @Test(
        "btsnoop timestamps outside 1677–2262 are an error at the record's timestamp field",
        arguments: [0, UInt64.max, UInt64(bitPattern: Int64.min), 0x80DC_DDB3_0F2F_8000, 0x7FFF_FFFF_FFFF_FFFF])
    func btsnoopTimestampOutOfRange(raw: UInt64) {
        do {
            _ = try CaptureInspector.inspect(bytes: Self.btsnoop(rawTimestamp: raw))
            Issue.record("timestamp \(raw) was accepted")
        } catch let error as CaptureError {
            #expect(error.offset == 32)
            #expect(error.message.hasSuffix("is outside the years 1677–2262 at byte offset 32"), "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("the span of two valid but distant timestamps is computed without overflow")
    func timeSpanOfExtremes() throws {
        let early = Self.btsnoop(rawTimestamp: 0x00DC_DDB3_0F2F_8000 - 9_000_000_000_000_000)
        let late = Self.btsnoop(rawTimestamp: 0x00DC_DDB3_0F2F_8000 + 9_000_000_000_000_000)
        let both = early + Array(late[16...])
        let summary = try CaptureInspector.inspect(bytes: both)
        #expect(summary.timeSpanSeconds == 18_000_000_000)
    }

    @Test("a pcapng timestamp whose resolution and offset overflow is an error at the packet block")
    func pcapngTimestampOutOfRange() throws {
        var file = PcapngWriter.encode(Array(RoundTripTests.packets.prefix(2)))
        // The first EPB follows the SHB (28 bytes) and the IDB; its timestamp high word is at +12.
        let headerLength = Int(file[4]) | Int(file[5]) << 8
        let interfaceLength = Int(file[headerLength + 4]) | Int(file[headerLength + 5]) << 8
        let packet = headerLength + interfaceLength
        for index in 0..<8 { file[packet + 12 + index] = 0xFF }
        #expect {
            _ = try CaptureInspector.inspect(bytes: file)
        } throws: { error in
            (error as? CaptureError)?.offset == Int64(packet + 12)
        }
    }

    @Test("an LE Extended Advertising Report batch cut short keeps its complete first report")
    func truncatedExtendedBatch() throws {
        let ibeacon = Array(HCIGoldenTests.bumbleEvent[14..<44])
        let first = HCIGoldenTests.extendedReport(eventType: 0x0013, data: ibeacon)
        let second = Array(HCIGoldenTests.extendedReport(eventType: 0x0013, data: ibeacon).prefix(30))
        let event = HCIGoldenTests.metaEvent(0x0D, [first, second])
        let decoded = try HCIEvent.salvaging(event)
        guard case .leAdvertisingReports(let reports) = decoded.event else {
            Issue.record("not a report event")
            return
        }
        #expect(reports.count == 1 && reports.first?.data == ibeacon)
        #expect(decoded.unreadableReports == 1)
        #expect(decoded.damage?.offset == Int64(2 + 2 + first.count))
        #expect(throws: CaptureError.self) { try HCIEvent(packet: event) }

        let file = BtsnoopWriter.encode([
            TimestampedHCIPacket(timestamp: 1_700_000_000_000_000_000, direction: .controllerToHost, packet: event)
        ])
        let summary = try CaptureInspector.inspect(bytes: file)
        #expect(summary.reports == 1 && summary.malformedPackets == 1 && summary.unreadableReports == 1)
        #expect(summary.beacons.map(\.frames) == [1])
        #expect(summary.text.contains("Malformed:  1 HCI events damaged (1 reports unreadable; complete ones kept)"))
    }

    @Test("opening a capture names the system's reason")
    func openReasons() {
        let missing = "/nonexistent-\(UUID().uuidString).log"
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString).log").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let cases = [
            (missing, "cannot open \(missing) for reading: no such file or directory"),
            ("/dev/zero", "cannot open /dev/zero for reading: it is a character device, not a regular file"),
            ("/tmp", "cannot open /tmp for reading: it is a directory, not a regular file"),
            (fifo, "cannot open \(fifo) for reading: it is a FIFO (named pipe), not a regular file"),
        ]
        for (path, message) in cases {
            #expect {
                _ = try CaptureReader(path: path)
            } throws: { error in
                (error as? CaptureError)?.message == message
            }
        }
    }
}
