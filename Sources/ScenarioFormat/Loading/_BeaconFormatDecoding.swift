// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// A beacon's `eddystone:` and `altbeacon:` frames, and the hex identifiers they and Eddystone
/// regions use.
enum _BeaconFormatDecoding {
    /// `eddystone: { namespace, instance, url, tlm: { every }, txPower }`: a UID frame
    /// (namespace and instance together), a URL frame, or both; TLM frames only beside one.
    static func eddystone(_ node: Node, context: _DecodingContext) -> EddystoneSpec? {
        guard let map = _MappingReader(node, for: "eddystone", table: _SchemaKeys.eddystone, context: context) else {
            return nil
        }
        let namespace = map["namespace"].flatMap { hex($0, digits: 20, for: "namespace", context: context) }
        let instance = map["instance"].flatMap { hex($0, digits: 12, for: "instance", context: context) }
        var valid = (map["namespace"] == nil || namespace != nil) && (map["instance"] == nil || instance != nil)
        if (map["namespace"] == nil) != (map["instance"] == nil) {
            context.error("an Eddystone-UID frame needs both 'namespace' and 'instance'", at: map.node)
            valid = false
        }
        let url = map.string("url")
        if map["namespace"] == nil, map["url"] == nil {
            context.error(
                "'eddystone' needs an identifying frame: 'namespace' and 'instance' (UID), or 'url'", at: map.node)
            valid = false
        }
        var tlmEvery: Int?
        if let tlmNode = map["tlm"] {
            if let tlm = _MappingReader(tlmNode, for: "tlm", table: _SchemaKeys.eddystoneTLM, context: context) {
                tlmEvery = tlm.integer("every", in: 2...10_000)
            }
            if tlmEvery == nil { valid = false }
        }
        let txPower = map.integer("txPower", in: -100...20)
        guard valid, map["url"] == nil || url != nil, map["txPower"] == nil || txPower != nil else { return nil }
        return EddystoneSpec(namespace: namespace, instance: instance, url: url, tlmEvery: tlmEvery, txPower: txPower)
    }

    /// `altbeacon: { id1, id2, id3, manufacturer }`.
    static func altBeacon(_ node: Node, context: _DecodingContext) -> AltBeaconSpec? {
        guard let map = _MappingReader(node, for: "altbeacon", table: _SchemaKeys.altBeacon, context: context) else {
            return nil
        }
        let id1 = map["id1"].flatMap { _BeaconDecoding.uuidText($0, context: context) }
        let id2 = map.integer("id2", in: 0...65_535).map(UInt16.init)
        let id3 = map.integer("id3", in: 0...65_535).map(UInt16.init)
        let manufacturer = map.integer("manufacturer", in: 0...65_535).map(UInt16.init)
        guard let id1, let id2, let id3, map["manufacturer"] == nil || manufacturer != nil else { return nil }
        return AltBeaconSpec(id1: id1, id2: id2, id3: id3, manufacturer: manufacturer ?? 0x0118)
    }

    /// Exactly `digits` hex digits (either case; an optional `0x` prefix), as upper case.
    static func hex(_ node: Node, digits: Int, for key: String, context: _DecodingContext) -> String? {
        guard let text = context.string(node, for: key) else { return nil }
        var body = Substring(text.trimmingSpaces)
        if body.hasPrefix("0x") || body.hasPrefix("0X") { body = body.dropFirst(2) }
        guard body.count == digits, body.allSatisfy(\.isHexDigit) else {
            context.error(
                "invalid \(key) '\(text)'; expected \(digits) hexadecimal digits"
                    + (digits == 20 ? ", e.g. EDD1EBEAC04E5DEFA017" : ", e.g. 0BDB87539B67"), at: node)
            return nil
        }
        return body.uppercased()
    }
}
