// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `phones:` items: name, OS profile and overrides, carry position, app, path and user actions.
enum _PhoneDecoding {
    static func phone(_ node: Node, index: Int, names: inout _UniqueNames, context: _DecodingContext) -> PhoneSpec? {
        guard let map = _MappingReader(node, for: "phones", table: _SchemaKeys.phone, context: context) else {
            return nil
        }
        let name = map.name("name")
        if let name, let nameNode = map["name"] {
            names.insert(name, at: nameNode, context: context)
            context.declared.phones.insert(name)
        }
        let os = profile(map, context: context)
        let overrides = map["overrides"].map {
            _ParameterDecoding.overrides(
                $0, parameters: os.flatMap { context.catalogue.profiles[$0] }, context: context)
        }
        let carry = map.choice("carry", as: CarryPosition.self) ?? .pocket
        let app = map["app"].flatMap { _AppDecoding.app($0, phoneIndex: index, phoneName: name, context: context) }
        let path = map["path"].flatMap { _PathDecoding.path($0, context: context) }
        let actions = map.each("actions") { node, _ in _PathDecoding.action(node, context: context) }
        let randomActions = map.each("randomActions") { node, _ in _PathDecoding.randomAction(node, context: context) }
        let device = map.name("device")
        if let device { map.refer(.device, device, from: "device") }
        let receiverOffset = map.power("receiverOffset", unit: "dB", in: -40...40)
        let maker = map.choice("maker", as: PhoneMaker.self)
        let charging = map.bool("charging") ?? false
        guard let name, let app, let path else { return nil }
        var phone = PhoneSpec(
            name: name, os: os ?? "ios", overrides: overrides ?? [], carry: carry, app: app, path: path,
            actions: actions, randomActions: randomActions)
        phone.device = device
        phone.receiverOffset = receiverOffset
        phone.maker = maker
        phone.charging = charging
        phone.location = map.location
        return phone
    }

    /// The OS profile name (default `ios`); with a non-empty catalogue it must be one of its
    /// profiles, and nil is returned (with a diagnostic) when it is not.
    private static func profile(_ map: _MappingReader, context: _DecodingContext) -> String? {
        let known = context.catalogue.profiles.keys.sorted()
        guard let osNode = map["os"] else {
            if !known.isEmpty && !known.contains("ios") {
                context.error(
                    "no 'os' given and the default profile 'ios' is not known; use one of: \(known.joined(separator: ", "))",
                    at: map.node)
                return nil
            }
            return "ios"
        }
        guard let os = context.name(osNode, for: "os") else { return nil }
        return known.isEmpty ? os : context.oneOf(known, os, for: "os", at: osNode)
    }
}
