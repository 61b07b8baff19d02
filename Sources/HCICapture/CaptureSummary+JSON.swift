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
            ("linkTypeNames", _JSONText.array(linkTypes.map { _JSONText.string($0.name) }, indent: 2, multiline: false)),
            ("records", String(records)),
            ("reports", String(reports)),
            ("reportsWithValidCRC", _JSONText.optional(reportsWithValidCRC)),
            ("advertisingChannelPackets", _JSONText.optional(advertisingChannelPackets)),
            ("badCRCPackets", _JSONText.optional(badCRCPackets)),
            ("malformedPackets", String(malformedPackets)),
            ("addressCount", String(addresses.count)),
            ("addresses", _JSONText.array(addresses.map { _JSONText.string($0.description) }, indent: 2, multiline: false)),
            ("firstReportTime", firstReportTime.map { _JSONText.string(_UTCTime.iso8601($0)) } ?? "null"),
            ("lastReportTime", lastReportTime.map { _JSONText.string(_UTCTime.iso8601($0)) } ?? "null"),
            ("timeSpanSeconds", _JSONText.number(timeSpanSeconds, decimals: 6)),
            ("beaconFrameTotals", _JSONText.object(beaconFrameTotals.map { ($0.type, String($0.frames)) }, indent: 2)),
            ("beacons", _JSONText.array(beacons.map { $0.jsonText(indent: 4) }, indent: 2, multiline: true)),
        ]
        return _JSONText.object(fields, indent: 0) + "\n"
    }
}

extension BeaconSummary {
    /// Identity fields for JSON, in order, values already encoded.
    var identityFields: [(String, String)] {
        let power = calibratedPower.map { String($0) } ?? "null"
        switch key {
        case .ibeacon(let id):
            return [
                ("uuid", _JSONText.string(id.uuid.description)), ("major", String(id.major)),
                ("minor", String(id.minor)), ("measuredPower", power),
            ]
        case .eddystoneUID(let namespace, let instance):
            return [("namespace", _JSONText.string(namespace)), ("instance", _JSONText.string(instance)), ("txPower", power)]
        case .eddystoneURL(let url): return [("url", _JSONText.string(url)), ("txPower", power)]
        case .eddystoneTLM(let address): return [("address", _JSONText.string(address.description))]
        case .eddystoneEID(let eid): return [("eid", _JSONText.string(eid)), ("txPower", power)]
        case .altBeacon(let manufacturer, let id):
            return [
                ("manufacturerId", String(manufacturer)), ("beaconId", _JSONText.string(id)), ("referenceRssi", power),
            ]
        }
    }

    func jsonText(indent: Int) -> String {
        let fields: [(String, String)] =
            [("type", _JSONText.string(key.typeName))] + identityFields + [
                ("frames", String(frames)),
                ("addresses", _JSONText.array(addresses.map { _JSONText.string($0.description) }, indent: indent, multiline: false)),
                ("rssiMin", rssi.count > 0 ? String(rssi.minimum) : "null"),
                ("rssiMean", _JSONText.number(rssi.mean, decimals: 2)),
                ("rssiMax", rssi.count > 0 ? String(rssi.maximum) : "null"),
            ]
        return _JSONText.object(fields, indent: indent)
    }
}
