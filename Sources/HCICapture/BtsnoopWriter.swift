// SPDX-License-Identifier: GPL-3.0-or-later

/// Writes btsnoop v1 files with datalink 1002 (H4), the Android layout (formats.md §1.3, §1.5):
/// flags bit 0 = direction (1 controller → host), bit 1 = command or event; all fields big-endian;
/// timestamps in µs since year 0 (Unix µs + 0x00DCDDB30F2F8000).
public final class BtsnoopWriter {
    public static let datalink: UInt32 = 1002
    private let file: _CaptureFile

    /// Starts a file at `path`; throws `fileExists` if it exists and `overwrite` is false.
    public init(path: String, overwrite: Bool = false) throws {
        file = try _CaptureFile(path: path, overwrite: overwrite)
        try file.write(Self.fileHeader())
    }

    public func write(_ packet: TimestampedHCIPacket) throws { try file.write(Self.record(packet)) }

    /// Completes the file and moves it into place.
    public func finish() throws { try file.commit() }

    /// Writes `packets` to `path` in one go.
    public static func write(
        _ packets: some Sequence<TimestampedHCIPacket>, toPath path: String, overwrite: Bool = false
    ) throws {
        let writer = try BtsnoopWriter(path: path, overwrite: overwrite)
        for packet in packets { try writer.write(packet) }
        try writer.finish()
    }

    /// `62 74 73 6E 6F 6F 70 00 | 00 00 00 01 | 00 00 03 EA`.
    public static func fileHeader() -> [UInt8] {
        var bytes = _BtsnoopReader.magic
        bytes.appendBE32(1)
        bytes.appendBE32(datalink)
        return bytes
    }

    /// One record: original and included length, flags, drops (0), timestamp, H4 bytes.
    public static func record(_ packet: TimestampedHCIPacket) -> [UInt8] {
        let payload = packet.packet.h4Bytes
        let received: UInt32 = packet.direction == .controllerToHost ? 1 : 0
        let commandOrEvent: UInt32 = packet.packet.type == .command || packet.packet.type == .event ? 2 : 0
        var bytes: [UInt8] = []
        bytes.appendBE32(UInt32(payload.count))
        bytes.appendBE32(UInt32(payload.count))
        bytes.appendBE32(received | commandOrEvent)
        bytes.appendBE32(0)
        bytes.appendBE64(UInt64(bitPattern: btsnoopTimestamp(packet.timestamp)))
        return bytes + payload
    }

    /// The whole file in memory (tests and small captures).
    public static func encode(_ packets: some Sequence<TimestampedHCIPacket>) -> [UInt8] {
        packets.reduce(into: fileHeader()) { $0 += record($1) }
    }

    /// Microseconds since year 0 from Unix nanoseconds (floor division; clamped on overflow).
    static func btsnoopTimestamp(_ nanoseconds: Int64) -> Int64 {
        let micros = nanoseconds >= 0 ? nanoseconds / 1000 : -((-(nanoseconds + 1)) / 1000) - 1
        let (value, overflow) = micros.addingReportingOverflow(_BtsnoopReader.epochDelta)
        return overflow ? Int64.max : value
    }
}
