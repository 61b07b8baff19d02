// SPDX-License-Identifier: GPL-3.0-or-later

/// One record of a capture file, before any HCI or link-layer decoding.
public struct CaptureRecord: Hashable, Sendable {
    /// Capture time in nanoseconds since the Unix epoch (1970-01-01T00:00:00Z).
    public let timestamp: Int64
    /// How `data` is encoded.
    public let linkType: CaptureLinkType
    /// The captured bytes (`included_length` / `caplen` of them).
    public let data: [UInt8]
    /// The original packet length the file records (at least `data.count` in well-formed files).
    public let originalLength: Int
    /// btsnoop record flags (direction, command/event, or monitor opcode); 0 for pcap and pcapng.
    public let flags: UInt32
    /// Byte offset of the record header in the file.
    public let fileOffset: Int64

    public init(
        timestamp: Int64, linkType: CaptureLinkType, data: [UInt8], originalLength: Int, flags: UInt32,
        fileOffset: Int64
    ) {
        self.timestamp = timestamp
        self.linkType = linkType
        self.data = data
        self.originalLength = originalLength
        self.flags = flags
        self.fileOffset = fileOffset
    }
}
