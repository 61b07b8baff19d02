// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

/// Joins extended-report fragments (`data_status` = 1, "more to come") into one report.
///
/// Fragments are keyed by (address type, address, advertising SID). None were seen in real captures
/// (formats.md §7, L), but the Core spec allows up to 1,650 bytes of data per advertising set; pending
/// data is capped at that and at 64 sets so memory stays bounded.
public struct LEExtendedReportAssembler: Sendable {
    private struct Key: Hashable, Sendable {
        let addressType: UInt8
        let address: BluetoothAddress
        let sid: UInt8?
    }

    /// Largest extended advertising data, bytes (Core spec Vol 4 Part E §7.8.54).
    public static let maximumDataLength = 1_650
    /// Most advertising sets with pending fragments.
    public static let maximumPendingSets = 64

    private var pending: [Key: [UInt8]] = [:]

    public init() {}

    /// Returns the report to deliver, or nil when `report` is a fragment waiting for more.
    /// Legacy and directed reports, and complete extended reports with nothing pending, pass through.
    public mutating func add(_ report: LEAdvertisingReport) -> LEAdvertisingReport? {
        guard report.kind == .extended else { return report }
        let key = Key(addressType: report.addressType, address: report.address, sid: report.advertisingSID)
        if report.dataStatus == 1 {
            if pending[key] == nil, pending.count >= Self.maximumPendingSets { pending.removeAll() }
            let joined = (pending[key] ?? []) + report.data
            pending[key] = Array(joined.prefix(Self.maximumDataLength))
            return nil
        }
        guard let head = pending.removeValue(forKey: key) else { return report }
        return LEAdvertisingReport(
            kind: report.kind, eventType: report.eventType, addressType: report.addressType, address: report.address,
            rssi: report.rssi, data: Array((head + report.data).prefix(Self.maximumDataLength)),
            txPower: report.txPower, primaryPHY: report.primaryPHY, secondaryPHY: report.secondaryPHY,
            advertisingSID: report.advertisingSID, dataStatus: report.dataStatus, directAddress: report.directAddress)
    }
}
