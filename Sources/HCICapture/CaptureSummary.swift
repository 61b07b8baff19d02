// SPDX-License-Identifier: GPL-3.0-or-later
public import BLEAdvertising

/// What a capture holds, as `beaconsim inspect` reports it.
public struct CaptureSummary: Hashable, Sendable {
    public let format: CaptureFormat
    /// Link types in order of appearance.
    public let linkTypes: [CaptureLinkType]
    /// Records in the container.
    public let records: Int
    /// HCI captures: LE advertising reports (subevents 0x02, 0x0D, 0x0B). Air captures: parsed
    /// advertiser's PDUs (types 0, 1, 2, 4, 6, 7 with a complete AdvA) whatever their CRC — the
    /// `parsed_advertising_pdus` of the shared captures' ground truth.
    public let reports: Int
    /// Air captures: the `reports` whose CRC-24 matched; nil for HCI captures.
    public let reportsWithValidCRC: Int?
    /// Air captures: packets on the advertising access address; nil for HCI captures.
    public let advertisingChannelPackets: Int?
    /// Air captures: packets on the advertising access address with a bad CRC; nil for HCI captures.
    public let badCRCPackets: Int?
    /// HCI events whose lengths were inconsistent (skipped, or read up to the damage).
    public let malformedPackets: Int
    /// Reports announced by damaged advertising report events that could not be read.
    public var unreadableReports = 0
    /// Distinct advertiser addresses over all `reports`, sorted.
    public let addresses: [BluetoothAddress]
    /// Time of the first and last report, nanoseconds since the Unix epoch.
    public let firstReportTime: Int64?
    public let lastReportTime: Int64?
    /// Every beacon identity, sorted by type then identity. Beacon frames count only from reports
    /// that are not known to be corrupt (air PDUs with a bad CRC are left out).
    public let beacons: [BeaconSummary]

    public init(
        format: CaptureFormat, linkTypes: [CaptureLinkType], records: Int, reports: Int, reportsWithValidCRC: Int?,
        advertisingChannelPackets: Int?, badCRCPackets: Int?, malformedPackets: Int, addresses: [BluetoothAddress],
        firstReportTime: Int64?, lastReportTime: Int64?, beacons: [BeaconSummary]
    ) {
        self.format = format
        self.linkTypes = linkTypes
        self.records = records
        self.reports = reports
        self.reportsWithValidCRC = reportsWithValidCRC
        self.advertisingChannelPackets = advertisingChannelPackets
        self.badCRCPackets = badCRCPackets
        self.malformedPackets = malformedPackets
        self.addresses = addresses
        self.firstReportTime = firstReportTime
        self.lastReportTime = lastReportTime
        self.beacons = beacons
    }

    /// True when every link type is an over-the-air one.
    /// `firstReportTime` as ISO 8601 UTC text, rounded to the microsecond.
    public var firstReportTimeText: String? { firstReportTime.map(_UTCTime.iso8601) }
    /// `lastReportTime` as ISO 8601 UTC text, rounded to the microsecond.
    public var lastReportTimeText: String? { lastReportTime.map(_UTCTime.iso8601) }

    public var isAirCapture: Bool { !linkTypes.isEmpty && linkTypes.allSatisfy(\.isAir) }

    /// Seconds from the first to the last report (computed in floating point: two valid
    /// timestamps can be further apart than an `Int64` of nanoseconds holds).
    public var timeSpanSeconds: Double? {
        guard let first = firstReportTime, let last = lastReportTime else { return nil }
        return (Double(last) - Double(first)) / 1e9
    }

    /// Frames per beacon type name, for every type (zeros included), in `BeaconKey` order.
    public var beaconFrameTotals: [(type: String, frames: Int)] {
        ["ibeacon", "eddystone-uid", "eddystone-url", "eddystone-tlm", "eddystone-eid", "altbeacon"].map { type in
            (type, beacons.filter { $0.key.typeName == type }.reduce(0) { $0 + $1.frames })
        }
    }
}
