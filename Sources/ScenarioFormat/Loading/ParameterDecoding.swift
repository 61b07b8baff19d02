// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `overrides:` of OS-profile parameters, typed by the catalogue or, when it is permissive, by
/// the value's look (a duration string → duration, number → number, boolean → flag, else text).
enum _ParameterDecoding {
    /// - Parameter parameters: the chosen profile's parameters; nil when the catalogue is
    ///   permissive or the profile is unknown (already reported), and then keys are not checked.
    static func overrides(_ node: Node, parameters: [String: ParameterKind]?, context: _DecodingContext)
        -> [ParameterOverride]
    {
        guard let map = _MappingReader(node, for: "overrides", table: _SchemaKeys.overrides, context: context) else {
            return []
        }
        let permissive = context.catalogue.profiles.isEmpty
        var overrides: [ParameterOverride] = []
        for key in map.orderedKeys {
            guard let value = map[key], let keyNode = map.keyNode(key) else { continue }
            let decoded: ParameterValue?
            if permissive {
                decoded = byLook(value, for: key, context: context)
            } else if let parameters {
                guard let kind = parameters[key] else {
                    let names = parameters.keys.sorted()
                    context.error(
                        "unknown parameter '\(key)' for this OS profile\(_Suggestion.hint(for: key, among: names)) "
                            + "(parameters: \(names.joined(separator: ", ")))", at: keyNode)
                    continue
                }
                decoded = byKind(kind, value, for: key, context: context)
            } else {
                continue  // The profile itself was reported unknown.
            }
            if let decoded {
                overrides.append(ParameterOverride(key: key, value: decoded, location: context.location(of: keyNode)))
            }
        }
        return overrides
    }

    private static func byKind(_ kind: ParameterKind, _ node: Node, for key: String, context: _DecodingContext)
        -> ParameterValue?
    {
        switch kind {
        case .duration:
            context.duration(node, for: key, in: -ScenarioLimits.maximumSpan...ScenarioLimits.maximumSpan).map(
                ParameterValue.duration)
        case .number: context.number(node, for: key).map(ParameterValue.number)
        case .flag: context.bool(node, for: key).map(ParameterValue.flag)
        case .text: context.string(node, for: key).map(ParameterValue.text)
        }
    }

    private static func byLook(_ node: Node, for key: String, context: _DecodingContext) -> ParameterValue? {
        switch _NodeKind(node) {
        case .number(let value): return .number(value)
        case .boolean(let value): return .flag(value)
        case .string(let text):
            if case .success(let nanoseconds) = DurationParser.nanoseconds(text) { return .duration(nanoseconds) }
            return .text(text)
        case .null, .mapping, .sequence:
            context.mismatch("a number, duration, boolean or text", for: key, at: node)
            return nil
        }
    }
}
