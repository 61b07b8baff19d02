// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads pcapng: sections (SHB sets the byte order), interfaces (IDB), packets (EPB, and the obsolete
/// PB and SPB); unknown blocks are skipped without loading them (formats.md §2.4; IETF draft
/// `draft-ietf-opsawg-pcapng`).
final class _PcapngReader: _RecordReading {
    static let sectionHeaderType: UInt32 = 0x0A0D_0D0A
    static let byteOrderMagic: UInt32 = 0x1A2B_3C4D

    private let source: _ByteSource
    private var bigEndian = false
    private var interfaces: [_PcapngInterface] = []
    private var lastTimestamp: Int64 = 0
    private var unsupportedInterface: (number: UInt16, offset: Int64)? = nil
    private var sawSupportedInterface = false
    private(set) var linkTypes: [CaptureLinkType] = []

    init(source: _ByteSource) throws {
        self.source = source
        let first = Array(try source.peek(4))
        guard first.count == 4 || first.isEmpty else {
            throw CaptureError.truncated("pcapng block header", at: 0, need: 12, have: Int64(first.count))
        }
        guard first.u32(0, bigEndian: true) == Self.sectionHeaderType else {
            throw CaptureError.malformed("bad pcapng magic (no Section Header Block)", at: 0, code: .badMagic)
        }
    }

    func next() throws -> CaptureRecord? {
        while true {
            let start = source.offset
            guard !(try source.atEnd()) else {
                if !sawSupportedInterface, let unsupported = unsupportedInterface {
                    throw CaptureError(
                        code: .unsupportedLinkType, offset: unsupported.offset,
                        message:
                            "unsupported pcapng link type \(unsupported.number) at byte offset \(unsupported.offset) "
                            + "(supported: 187, 201, 251, 254, 256, 272)")
                }
                return nil
            }
            let head = Array(try source.peek(12))
            guard head.count == 12 else {
                throw CaptureError.truncated("pcapng block header", at: start, need: 12, have: Int64(head.count))
            }
            let type = head.u32(0, bigEndian: bigEndian)
            if type == Self.sectionHeaderType {
                switch (head.u32(8, bigEndian: true), head.u32(8, bigEndian: false)) {
                case (Self.byteOrderMagic, _): bigEndian = true
                case (_, Self.byteOrderMagic): bigEndian = false
                default: throw CaptureError.malformed("bad pcapng byte-order magic", at: start + 8, code: .badMagic)
                }
            }
            let length = Int(head.u32(4, bigEndian: bigEndian))
            guard length >= 12, length % 4 == 0 else {
                throw CaptureError.malformed("pcapng block with impossible length \(length)", at: start)
            }
            guard [Self.sectionHeaderType, 1, 2, 3, 6].contains(type) else {
                let skipped = try source.skip(Int64(length))
                guard skipped == Int64(length) else {
                    throw CaptureError.truncated("pcapng block", at: start, need: length, have: skipped)
                }
                continue
            }
            guard length <= _Limits.maximumRecordLength else {
                throw CaptureError.malformed("pcapng block claims \(length) bytes", at: start)
            }
            let block = try source.readExactly(length, "pcapng block")
            guard block.u32(length - 4, bigEndian: bigEndian) == UInt32(length) else {
                throw CaptureError.malformed(
                    "pcapng block trailer length differs from header", at: start + Int64(length) - 4)
            }
            let body = Array(block[8..<(length - 4)])
            if let record = try handle(type: type, body: body, start: start) { return record }
        }
    }

    private func handle(type: UInt32, body: [UInt8], start: Int64) throws -> CaptureRecord? {
        switch type {
        case Self.sectionHeaderType:
            guard body.count >= 16, body.u16(4, bigEndian: bigEndian) == 1 else {
                throw CaptureError(
                    code: .unsupportedVersion, offset: start + 12,
                    message: "unsupported pcapng version at byte offset \(start + 12)")
            }
            interfaces = []
            return nil
        case 1:
            guard body.count >= 8 else { throw CaptureError.malformed("pcapng interface block too short", at: start) }
            let interface = _PcapngInterface(body: body, bigEndian: bigEndian)
            interfaces.append(interface)
            if let linkType = interface.linkType {
                sawSupportedInterface = true
                if !linkTypes.contains(linkType) { linkTypes.append(linkType) }
            } else if unsupportedInterface == nil {
                unsupportedInterface = (interface.linkTypeNumber, start + 8)
            }
            return nil
        case 3:
            guard body.count >= 4, let interface = interfaces.first else {
                throw CaptureError.malformed("simple packet block without an interface", at: start)
            }
            let captured = min(Int(body.u32(0, bigEndian: bigEndian)), body.count - 4)
            return record(
                interface, timestamp: lastTimestamp, data: body.bytes(4, captured), original: captured, start: start)
        default:  // 6 enhanced packet, 2 obsolete packet: same field offsets, interface id 32 / 16 bits
            guard body.count >= 20 else { throw CaptureError.malformed("pcapng packet block too short", at: start) }
            let id = Int(type == 6 ? body.u32(0, bigEndian: bigEndian) : UInt32(body.u16(0, bigEndian: bigEndian)))
            guard id < interfaces.count else {
                throw CaptureError.malformed("pcapng packet for undeclared interface \(id)", at: start)
            }
            let captured = Int(body.u32(12, bigEndian: bigEndian))
            guard captured <= body.count - 20 else {
                throw CaptureError.malformed("pcapng packet length \(captured) exceeds its block", at: start + 20)
            }
            let units = UInt64(body.u32(4, bigEndian: bigEndian)) << 32 | UInt64(body.u32(8, bigEndian: bigEndian))
            let interface = interfaces[id]
            guard let time = interface.nanoseconds(units) else {
                throw CaptureError.malformed(
                    "pcapng packet timestamp \(units) (resolution code \(interface.resolution), offset "
                        + "\(interface.offsetSeconds) s) is outside the years 1677–2262", at: start + 12)
            }
            lastTimestamp = time
            return record(
                interface, timestamp: lastTimestamp, data: body.bytes(20, captured),
                original: Int(body.u32(16, bigEndian: bigEndian)), start: start)
        }
    }

    private func record(
        _ interface: _PcapngInterface, timestamp: Int64, data: [UInt8], original: Int, start: Int64
    ) -> CaptureRecord? {
        guard let linkType = interface.linkType else { return nil }
        return CaptureRecord(
            timestamp: timestamp, linkType: linkType, data: data, originalLength: original, flags: 0, fileOffset: start)
    }
}
