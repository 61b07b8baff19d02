// SPDX-License-Identifier: GPL-3.0-or-later

/// One pcapng Interface Description Block: link type and timestamp resolution (formats.md §2.4).
struct _PcapngInterface {
    /// Nil when the file's link type is not one BeaconSim decodes.
    let linkType: CaptureLinkType?
    let linkTypeNumber: UInt16
    /// `if_tsresol` (option 9): bit 7 clear → 10^−n s, set → 2^−n s. Default 6 (µs).
    let resolution: UInt8
    /// `if_tsoffset` (option 14), seconds added to every timestamp.
    let offsetSeconds: Int64

    /// Parses the IDB body (bytes after type and length, without the trailing length).
    init(body: [UInt8], bigEndian: Bool) {
        linkTypeNumber = body.u16(0, bigEndian: bigEndian)
        let type = CaptureLinkType(rawValue: UInt32(linkTypeNumber))
        linkType = (type?.rawValue ?? 1000) < 1000 ? type : nil
        var resolution: UInt8 = 6
        var offsetSeconds: Int64 = 0
        var at = 8
        while at + 4 <= body.count {
            let code = body.u16(at, bigEndian: bigEndian)
            let length = Int(body.u16(at + 2, bigEndian: bigEndian))
            if code == 0 || at + 4 + length > body.count { break }
            if code == 9, length >= 1 { resolution = body[at + 4] }
            if code == 14, length >= 8 { offsetSeconds = Int64(bitPattern: body.u64(at + 4, bigEndian: bigEndian)) }
            at += 4 + (length + 3) / 4 * 4
        }
        self.resolution = resolution
        self.offsetSeconds = offsetSeconds
    }

    /// Unix nanoseconds for a 64-bit timestamp in this interface's units, or nil when the instant
    /// is outside what an `Int64` of nanoseconds holds (years 1677 to 2262).
    func nanoseconds(_ units: UInt64) -> Int64? {
        let exponent = Int(resolution & 0x7F)
        let base: Int64
        if resolution & 0x80 != 0 {
            base = exponent > 63 ? 0 : _Limits.scale(units, by: 1_000_000_000, over: 1 << UInt64(exponent))
        } else if exponent <= 9 {
            var factor: UInt64 = 1
            for _ in 0..<(9 - exponent) { factor *= 10 }
            base = _Limits.scale(units, by: factor, over: 1)
        } else {
            var divisor: UInt64 = 1
            for _ in 0..<min(exponent - 9, 19) { divisor *= 10 }
            base = _Limits.scale(units, by: 1, over: divisor)
        }
        let (shift, o1) = offsetSeconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, o2) = base.addingReportingOverflow(shift)
        return o1 || o2 || base == .max ? nil : sum
    }
}
