// SPDX-License-Identifier: GPL-3.0-or-later
public import HCICapture

/// The stable JSON contract of `beaconsim inspect --json` (keys always in this order):
///
/// `format` (btsnoop / pcap / pcapng), `linkTypes` (numbers), `linkTypeNames`, `records`, `reports`
/// (HCI: LE advertising reports; air: parsed advertiser's PDUs, any CRC), `reportsWithValidCRC`,
/// `advertisingChannelPackets`, `badCRCPackets` (air only, else null), `malformedPackets`,
/// `addressCount`, `addresses`, `firstReportTime`, `lastReportTime` (ISO 8601 UTC, µs),
/// `timeSpanSeconds`, `beaconFrameTotals` (per type), `beacons` (array; each with `type`, identity
/// fields — `uuid` upper case, `major`, `minor`, `measuredPower` / `namespace`, `instance`,
/// `txPower` / `url` / `address` / `eid` / `manufacturerId`, `beaconId`, `referenceRssi` — then
/// `frames`, `addresses`, `rssiMin`, `rssiMean`, `rssiMax`).
public enum CaptureSummaryJSON {
    public static func text(_ summary: CaptureSummary) -> String {
        let fields: [(String, String)] = [
            ("format", JSONText.string(summary.format.rawValue)),
            ("linkTypes", JSONText.array(summary.linkTypes.map { String($0.rawValue) }, indent: 2, multiline: false)),
            ("linkTypeNames", JSONText.array(summary.linkTypes.map { JSONText.string($0.name) }, indent: 2, multiline: false)),
            ("records", String(summary.records)),
            ("reports", String(summary.reports)),
            ("reportsWithValidCRC", JSONText.optional(summary.reportsWithValidCRC)),
            ("advertisingChannelPackets", JSONText.optional(summary.advertisingChannelPackets)),
            ("badCRCPackets", JSONText.optional(summary.badCRCPackets)),
            ("malformedPackets", String(summary.malformedPackets)),
            ("addressCount", String(summary.addresses.count)),
            ("addresses", JSONText.array(summary.addresses.map { JSONText.string($0.description) }, indent: 2, multiline: false)),
            ("firstReportTime", summary.firstReportTimeText.map(JSONText.string) ?? "null"),
            ("lastReportTime", summary.lastReportTimeText.map(JSONText.string) ?? "null"),
            ("timeSpanSeconds", summary.timeSpanSeconds.map { JSONText.number($0, decimals: 6) } ?? "null"),
            ("beaconFrameTotals", JSONText.object(summary.beaconFrameTotals.map { ($0.type, String($0.frames)) }, indent: 2)),
            ("beacons", JSONText.array(summary.beacons.map { beacon($0, indent: 4) }, indent: 2, multiline: true)),
        ]
        return JSONText.object(fields, indent: 0) + "\n"
    }

    static func beacon(_ beacon: BeaconSummary, indent: Int) -> String {
        let fields: [(String, String)] =
            [("type", JSONText.string(beacon.key.typeName))] + identityFields(beacon) + [
                ("frames", String(beacon.frames)),
                (
                    "addresses",
                    JSONText.array(beacon.addresses.map { JSONText.string($0.description) }, indent: indent, multiline: false)
                ),
                ("rssiMin", beacon.rssi.count > 0 ? String(beacon.rssi.minimum) : "null"),
                ("rssiMean", beacon.rssi.mean.map { JSONText.number($0, decimals: 2) } ?? "null"),
                ("rssiMax", beacon.rssi.count > 0 ? String(beacon.rssi.maximum) : "null"),
            ]
        return JSONText.object(fields, indent: indent)
    }

    /// Identity fields then the calibrated power, in order, values encoded.
    static func identityFields(_ beacon: BeaconSummary) -> [(String, String)] {
        let identity = beacon.key.identity.map { ($0.name, $0.isNumber ? $0.value : JSONText.string($0.value)) }
        guard let powerName = beacon.key.calibratedPowerName else { return identity }
        return identity + [(powerName, beacon.calibratedPower.map { String($0) } ?? "null")]
    }
}
