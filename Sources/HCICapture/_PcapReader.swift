// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads classic pcap: 24-byte global header, 16-byte record headers; four magics for µs / ns
/// resolution × little / big endian (libpcap `savefile.c`; formats.md §2.4).
final class _PcapReader: _RecordReading {
    static let microsecondMagic: UInt32 = 0xA1B2_C3D4
    static let nanosecondMagic: UInt32 = 0xA1B2_3C4D

    private let source: _ByteSource
    private let bigEndian: Bool
    private let nanosecondResolution: Bool
    let linkType: CaptureLinkType
    var linkTypes: [CaptureLinkType] { [linkType] }

    init(source: _ByteSource) throws {
        self.source = source
        let header = try source.readExactly(24, "pcap file header")
        switch (header.u32(0, bigEndian: true), header.u32(0, bigEndian: false)) {
        case (Self.microsecondMagic, _): (bigEndian, nanosecondResolution) = (true, false)
        case (Self.nanosecondMagic, _): (bigEndian, nanosecondResolution) = (true, true)
        case (_, Self.microsecondMagic): (bigEndian, nanosecondResolution) = (false, false)
        case (_, Self.nanosecondMagic): (bigEndian, nanosecondResolution) = (false, true)
        default: throw CaptureError.malformed("bad pcap magic", at: 0, code: .badMagic)
        }
        // The upper bits of the link-type field may carry FCS information (pcap-savefile(5)).
        let number = header.u32(20, bigEndian: bigEndian) & 0x0FFF_FFFF
        guard let type = CaptureLinkType(rawValue: number), type.rawValue < 1000 else {
            throw CaptureError(
                code: .unsupportedLinkType, offset: 20,
                message:
                    "unsupported pcap link type \(number) at byte offset 20 (supported: 187, 201, 251, 254, 256, 272)")
        }
        linkType = type
    }

    func next() throws -> CaptureRecord? {
        let start = source.offset
        guard !(try source.atEnd()) else { return nil }
        let header = try source.readExactly(16, "pcap record header")
        let seconds = UInt64(header.u32(0, bigEndian: bigEndian))
        let fraction = UInt64(header.u32(4, bigEndian: bigEndian))
        let included = Int(header.u32(8, bigEndian: bigEndian))
        guard included <= _Limits.maximumRecordLength else {
            throw CaptureError.malformed("pcap record claims \(included) bytes", at: start)
        }
        let data = try source.readExactly(included, "pcap record data")
        let nanos = Int64(seconds) * 1_000_000_000 + Int64(fraction) * (nanosecondResolution ? 1 : 1000)
        return CaptureRecord(
            timestamp: nanos, linkType: linkType, data: data, originalLength: Int(header.u32(12, bigEndian: bigEndian)),
            flags: 0, fileOffset: start)
    }
}
