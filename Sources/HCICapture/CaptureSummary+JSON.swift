// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

extension CaptureSummary {
    /// The stable JSON contract of `beaconsim inspect --json` (keys always in this order):
    ///
    /// `format` (btsnoop / pcap / pcapng), `linkTypes` (numbers), `linkTypeNames`, `records`, `reports`
    /// (HCI: LE advertising reports; air: parsed advertiser's PDUs, any CRC), `reportsWithValidCRC`,
    /// `advertisingChannelPackets`, `badCRCPackets` (air only, else null), `malformedPackets`,
    /// `addressCount`, `addresses`, `firstReportTime`, `lastReportTime` (ISO 8601 UTC, µs), `timeSpanSeconds`,
    /// `beaconFrameTotals` (per type), `beacons` (array; each with `type`, identity fields —
    /// `uuid` upper case, `major`, `minor`, `measuredPower` / `namespace`, `instance`, `txPower` / `url` /
    /// `address` / `eid` / `manufacturerId`, `beaconId`, `referenceRssi` — then `frames`, `addresses`,
    /// `rssiMin`, `rssiMean`, `rssiMax`).
    public var jsonText: String {
        let fields: [(String, String)] = [
            ("format", _JSONText.string(format.rawValue)),
            ("linkTypes", _JSONText.array(linkTypes.map { String($0.rawValue) }, indent: 2, multiline: false)),
            (
                "linkTypeNames",
                _JSONText.array(linkTypes.map { _JSONText.string($0.name) }, indent: 2, multiline: false)
            ),
            ("records", String(records)),
            ("reports", String(reports)),
            ("reportsWithValidCRC", _JSONText.optional(reportsWithValidCRC)),
            ("advertisingChannelPackets", _JSONText.optional(advertisingChannelPackets)),
            ("badCRCPackets", _JSONText.optional(badCRCPackets)),
            ("malformedPackets", String(malformedPackets)),
            ("addressCount", String(addresses.count)),
            (
                "addresses",
                _JSONText.array(addresses.map { _JSONText.string($0.description) }, indent: 2, multiline: false)
            ),
            ("firstReportTime", firstReportTime.map { _JSONText.string(_UTCTime.iso8601($0)) } ?? "null"),
            ("lastReportTime", lastReportTime.map { _JSONText.string(_UTCTime.iso8601($0)) } ?? "null"),
            ("timeSpanSeconds", _JSONText.number(timeSpanSeconds, decimals: 6)),
            ("beaconFrameTotals", _JSONText.object(beaconFrameTotals.map { ($0.type, String($0.frames)) }, indent: 2)),
            ("beacons", _JSONText.array(beacons.map { $0.jsonText(indent: 4) }, indent: 2, multiline: true)),
        ]
        return _JSONText.object(fields, indent: 0) + "\n"
    }
}
