// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import HCICapture
import Testing

/// Golden bytes for the btsnoop and pcapng writers: a 2-packet capture (Reset, then its Command Complete
/// 1 ms later), literal bytes computed independently from formats.md §1 and §2.4.
struct WriterGoldenTests {
    /// 2020-09-13T12:26:40.123456Z.
    static let time: Int64 = 1_600_000_000_123_456_000
    static let packets = [
        TimestampedHCIPacket(timestamp: time, direction: .hostToController, packet: HCICommand.reset().packet),
        TimestampedHCIPacket(
            timestamp: time + 1_000_000, direction: .controllerToHost,
            packet: HCIPacket(h4: [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00])!),
    ]

    static let btsnoop: [UInt8] =
        [0x62, 0x74, 0x73, 0x6E, 0x6F, 0x6F, 0x70, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x03, 0xEA]
        + [0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00]
        + [0x00, 0xE2, 0x8C, 0xE4, 0x16, 0xD5, 0x62, 0x40, 0x01, 0x03, 0x0C, 0x00]
        + [0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x07, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x00]
        + [0x00, 0xE2, 0x8C, 0xE4, 0x16, 0xD5, 0x66, 0x28, 0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]

    static let pcapng: [UInt8] =
        // SHB: type, length 28, byte-order magic, version 1.0, section length -1, length.
        [0x0A, 0x0D, 0x0D, 0x0A, 0x1C, 0x00, 0x00, 0x00, 0x4D, 0x3C, 0x2B, 0x1A, 0x01, 0x00, 0x00, 0x00]
        + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x1C, 0x00, 0x00, 0x00]
        // IDB: type 1, length 20, link type 201, reserved, snaplen 262144, length.
        + [0x01, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0xC9, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00]
        + [0x14, 0x00, 0x00, 0x00]
        // EPB 1: 40 bytes, interface 0, µs timestamp, caplen = origlen = 8, direction 0, H4 Reset.
        + [0x06, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x31, 0xAF, 0x05, 0x00]
        + [0x40, 0xE2, 0xA5, 0x07, 0x08, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        + [0x01, 0x03, 0x0C, 0x00, 0x28, 0x00, 0x00, 0x00]
        // EPB 2: 44 bytes, caplen 11, direction 1, Command Complete, one byte of padding.
        + [0x06, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x31, 0xAF, 0x05, 0x00]
        + [0x28, 0xE6, 0xA5, 0x07, 0x0B, 0x00, 0x00, 0x00, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01]
        + [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00]

    @Test func btsnoopGolden() {
        #expect(BtsnoopWriter.encode(Self.packets) == Self.btsnoop)
    }

    @Test func pcapngGolden() {
        #expect(PcapngWriter.encode(Self.packets) == Self.pcapng)
    }

    @Test(arguments: [true, false])
    func writtenFilesReadBack(btsnoop: Bool) throws {
        let path = temporaryPath(btsnoop ? "two.btsnoop" : "two.pcapng")
        defer { removeTemporary(path) }
        if btsnoop {
            try BtsnoopWriter.write(Self.packets, toPath: path)
        } else {
            try PcapngWriter.write(Self.packets, toPath: path)
        }
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == (btsnoop ? Self.btsnoop : Self.pcapng))
        let reader = try CaptureReader(path: path)
        var packets: [TimestampedHCIPacket] = []
        while let packet = try reader.nextHCIPacket() { packets.append(packet) }
        #expect(packets == Self.packets)
        #expect(reader.linkTypes == [btsnoop ? .btsnoopH4 : .hciH4WithPhdr])
    }

    @Test func writersNeverOverwriteUnlessAsked() throws {
        let path = temporaryPath("exists.btsnoop")
        defer { removeTemporary(path) }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        #expect {
            try BtsnoopWriter.write(Self.packets, toPath: path)
        } throws: { ($0 as? CaptureError)?.code == .fileExists }
        #expect {
            try PcapngWriter.write(Self.packets, toPath: path)
        } throws: { ($0 as? CaptureError)?.code == .fileExists }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
        try PcapngWriter.write(Self.packets, toPath: path, overwrite: true)
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == Self.pcapng)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["exists.btsnoop"])
    }

    @Test func unfinishedWriterLeavesNothingBehind() throws {
        let path = temporaryPath("unfinished.pcapng")
        defer { removeTemporary(path) }
        do {
            let writer = try PcapngWriter(path: path)
            try writer.write(Self.packets[0])
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
