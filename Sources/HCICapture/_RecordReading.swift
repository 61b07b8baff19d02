// SPDX-License-Identifier: GPL-3.0-or-later

/// A container reader: records out, one at a time, from a `_ByteSource`.
protocol _RecordReading: AnyObject {
    /// The next record, or nil at a clean end of file.
    func next() throws -> CaptureRecord?
    /// Link types declared so far (btsnoop: one; pcapng: one per interface).
    var linkTypes: [CaptureLinkType] { get }
}

enum _Limits {
    /// Largest record or block this reader loads into memory: 1 MiB (far above any HCI packet or
    /// BLE PDU; pcap's usual snaplen is 256 KiB). Larger claims are treated as corruption.
    static let maximumRecordLength = 1 << 20

    /// `value × numerator / denominator` with a 128-bit intermediate, clamped to Int64.
    static func scale(_ value: UInt64, by numerator: UInt64, over denominator: UInt64) -> Int64 {
        guard denominator > 0 else { return 0 }
        let product = value.multipliedFullWidth(by: numerator)
        guard product.high < denominator else { return Int64.max }
        let quotient = denominator.dividingFullWidth(product).quotient
        return quotient > UInt64(Int64.max) ? Int64.max : Int64(quotient)
    }
}
