// SPDX-License-Identifier: GPL-3.0-or-later

/// Turns an H4 byte stream (TCP socket, pty, UART) into HCI packets, whatever the chunking.
///
/// Feed bytes as they arrive; complete packets come out in order, a partial packet waits for more
/// bytes. An unknown indicator byte throws `unknownPacketType` with its stream offset; the stream is
/// then out of sync and the reassembler must be `reset()` (formats.md §3).
public struct H4StreamReassembler: Sendable {
    private var buffer: [UInt8] = []
    private var start = 0
    /// Stream offset of `buffer[start]`.
    private var streamOffset: Int64 = 0

    public init() {}

    /// Bytes received but not yet part of a complete packet.
    public var pendingByteCount: Int { buffer.count - start }

    /// Appends `bytes` and returns every packet completed by them.
    public mutating func append(_ bytes: some Sequence<UInt8>) throws -> [HCIPacket] {
        buffer.append(contentsOf: bytes)
        var packets: [HCIPacket] = []
        while start < buffer.count {
            guard let type = HCIPacketType(rawValue: buffer[start]) else {
                // Deliver what completed first; the next call reports the bad byte.
                if !packets.isEmpty { break }
                throw CaptureError(
                    code: .unknownPacketType, offset: streamOffset,
                    message: "unknown H4 packet type \(_HexText.byte(buffer[start])) at byte offset \(streamOffset)")
            }
            let headerEnd = start + 1 + type.headerLength
            guard headerEnd <= buffer.count else { break }
            let header = Array(buffer[(start + 1)..<headerEnd])
            let end = headerEnd + type.payloadLength(header: header)
            guard end <= buffer.count else { break }
            packets.append(HCIPacket(type: type, bytes: Array(buffer[(start + 1)..<end])))
            streamOffset += Int64(end - start)
            start = end
        }
        if start > 4096 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return packets
    }

    /// Drops any partial packet (after an error or a transport reconnect).
    public mutating func reset() {
        streamOffset += Int64(buffer.count - start)
        buffer = []
        start = 0
    }
}
