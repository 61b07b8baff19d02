// SPDX-License-Identifier: GPL-3.0-or-later

/// Writes little-endian pcapng with one interface of link type 201 (HCI H4 with a 4-byte big-endian
/// direction: 1 controller → host, 0 host → controller; formats.md §2.1, §2.4). The IDB carries no
/// options, so timestamps are microseconds (the default `if_tsresol`).
public final class PcapngWriter {
    public static let linkType: UInt16 = 201
    /// Snapshot length written in the IDB: 262,144 bytes, libpcap's default.
    public static let snapshotLength: UInt32 = 262_144
    private let file: _CaptureFile

    /// Starts a file at `path`; throws `fileExists` if it exists and `overwrite` is false.
    public init(path: String, overwrite: Bool = false) throws {
        file = try _CaptureFile(path: path, overwrite: overwrite)
        try file.write(Self.sectionHeader() + Self.interfaceDescription())
    }

    public func write(_ packet: TimestampedHCIPacket) throws { try file.write(Self.enhancedPacket(packet)) }

    /// Completes the file and moves it into place.
    public func finish() throws { try file.commit() }

    /// Writes `packets` to `path` in one go.
    public static func write(
        _ packets: some Sequence<TimestampedHCIPacket>, toPath path: String, overwrite: Bool = false
    ) throws {
        let writer = try PcapngWriter(path: path, overwrite: overwrite)
        for packet in packets { try writer.write(packet) }
        try writer.finish()
    }

    /// Section Header Block, 28 bytes: version 1.0, section length −1 (unknown), no options.
    public static func sectionHeader() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLE32(0x0A0D_0D0A)
        bytes.appendLE32(28)
        bytes.appendLE32(0x1A2B_3C4D)
        bytes.appendLE16(1)
        bytes.appendLE16(0)
        bytes += Array(repeating: 0xFF, count: 8)
        bytes.appendLE32(28)
        return bytes
    }

    /// Interface Description Block, 20 bytes: link type 201, snapshot length, no options.
    public static func interfaceDescription() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLE32(1)
        bytes.appendLE32(20)
        bytes.appendLE16(linkType)
        bytes.appendLE16(0)
        bytes.appendLE32(snapshotLength)
        bytes.appendLE32(20)
        return bytes
    }

    /// Enhanced Packet Block on interface 0: timestamp (µs, high and low words), lengths, direction +
    /// H4 bytes padded to 4 bytes, trailing length.
    public static func enhancedPacket(_ packet: TimestampedHCIPacket) -> [UInt8] {
        var data: [UInt8] = []
        data.appendBE32(packet.direction == .controllerToHost ? 1 : 0)
        data += packet.packet.h4Bytes
        let padded = (data.count + 3) / 4 * 4
        let total = UInt32(32 + padded)
        let micros = UInt64(max(0, packet.timestamp / 1000))
        var bytes: [UInt8] = []
        bytes.appendLE32(6)
        bytes.appendLE32(total)
        bytes.appendLE32(0)
        bytes.appendLE32(UInt32(micros >> 32))
        bytes.appendLE32(UInt32(micros & 0xFFFF_FFFF))
        bytes.appendLE32(UInt32(data.count))
        bytes.appendLE32(UInt32(data.count))
        bytes += data + Array(repeating: 0, count: padded - data.count)
        bytes.appendLE32(total)
        return bytes
    }

    /// The whole file in memory (tests and small captures).
    public static func encode(_ packets: some Sequence<TimestampedHCIPacket>) -> [UInt8] {
        packets.reduce(into: sectionHeader() + interfaceDescription()) { $0 += enhancedPacket($1) }
    }
}
