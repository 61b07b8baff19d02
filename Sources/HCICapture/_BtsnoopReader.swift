// SPDX-License-Identifier: GPL-3.0-or-later

/// Reads btsnoop v1 files: 16-byte header, then 24-byte record headers, all big-endian (formats.md §1).
final class _BtsnoopReader: _RecordReading {
    static let magic: [UInt8] = Array("btsnoop".utf8) + [0]
    /// Microseconds from btsnoop's "0000-01-01" epoch to the Unix epoch (Wireshark `KUnixTimeBase`,
    /// Android `BTSNOOP_EPOCH_DELTA`). Use the constant: it is not a proleptic-Gregorian day count.
    static let epochDelta: Int64 = 0x00DC_DDB3_0F2F_8000

    private let source: _ByteSource
    let linkType: CaptureLinkType
    var linkTypes: [CaptureLinkType] { [linkType] }

    init(source: _ByteSource) throws {
        self.source = source
        let header = try source.readExactly(16, "btsnoop file header")
        guard Array(header[0..<8]) == Self.magic else {
            throw CaptureError.malformed("bad btsnoop magic", at: 0, code: .badMagic)
        }
        let version = header.u32(8, bigEndian: true)
        guard version == 1 else {
            throw CaptureError(
                code: .unsupportedVersion, offset: 8, message: "unsupported btsnoop version \(version) at byte offset 8"
            )
        }
        let datalink = header.u32(12, bigEndian: true)
        guard let type = CaptureLinkType(rawValue: datalink),
            type == .btsnoopH1 || type == .btsnoopH4 || type == .btsnoopMonitor
        else {
            throw CaptureError(
                code: .unsupportedLinkType, offset: 12,
                message: "unsupported btsnoop datalink \(datalink) at byte offset 12 (supported: 1001, 1002, 2001)")
        }
        linkType = type
    }

    /// Unix nanoseconds from a btsnoop timestamp (µs since year 0), or nil when the instant lies
    /// outside what an `Int64` of nanoseconds holds (years 1677 to 2262).
    static func unixNanoseconds(_ btsnoop: Int64) -> Int64? {
        let (micros, overflow) = btsnoop.subtractingReportingOverflow(epochDelta)
        let (nanos, overflow2) = micros.multipliedReportingOverflow(by: 1000)
        return overflow || overflow2 ? nil : nanos
    }

    func next() throws -> CaptureRecord? {
        let start = source.offset
        guard !(try source.atEnd()) else { return nil }
        let header = try source.readExactly(24, "btsnoop record header")
        let original = header.u32(0, bigEndian: true)
        let included = Int(header.u32(4, bigEndian: true))
        guard included <= _Limits.maximumRecordLength else {
            throw CaptureError.malformed("btsnoop record claims \(included) bytes", at: start)
        }
        let data = try source.readExactly(included, "btsnoop record data")
        let raw = Int64(bitPattern: header.u64(16, bigEndian: true))
        guard let timestamp = Self.unixNanoseconds(raw) else {
            throw CaptureError.malformed(
                "btsnoop record timestamp \(raw) µs (since year 0) is outside the years 1677–2262", at: start + 16)
        }
        return CaptureRecord(
            timestamp: timestamp, linkType: linkType,
            data: data, originalLength: Int(original), flags: header.u32(8, bigEndian: true), fileOffset: start)
    }
}
