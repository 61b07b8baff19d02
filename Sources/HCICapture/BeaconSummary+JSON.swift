// SPDX-License-Identifier: GPL-3.0-or-later
internal import BLEAdvertising

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
            return [
                ("namespace", _JSONText.string(namespace)), ("instance", _JSONText.string(instance)),
                ("txPower", power),
            ]
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
                (
                    "addresses",
                    _JSONText.array(
                        addresses.map { _JSONText.string($0.description) }, indent: indent, multiline: false)
                ),
                ("rssiMin", rssi.count > 0 ? String(rssi.minimum) : "null"),
                ("rssiMean", _JSONText.number(rssi.mean, decimals: 2)),
                ("rssiMax", rssi.count > 0 ? String(rssi.maximum) : "null"),
            ]
        return _JSONText.object(fields, indent: indent)
    }
}
