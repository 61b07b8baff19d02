// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// The grammar of settable paths and their application to a scenario's YAML tree.
enum _SettingPath {
    static let beaconKeys = ["interval", "txPower", "measuredPower"]
    static let phoneKeys = ["os", "carry", "overrides", "app", "maker", "charging"]
    static let appKeys = [
        "state", "ranging", "permission", "backgroundRefresh", "createsManagerAtLaunch", "api", "preciseLocation",
        "serviceSession", "opensMonitorAtLaunch", "standbyBucket", "unfilteredScans", "batteryOptimizationExempt",
    ]
    /// Fields whose values are lists, settable in `variants:` only (a sweep value is one scalar).
    static let beaconListKeys = ["schedule"]
    static let phoneListKeys = ["actions", "randomActions"]
    static let appListKeys = ["rules"]
    static let radioKeys = _SchemaKeys.radio.allowed ?? []
    static let summary =
        "duration, venue.environment, radio.KEY, beacons.(*|NAME).(\(beaconKeys.joined(separator: "|"))), "
        + "phones.(*|NAME).(os|carry|maker|charging|overrides.KEY|app.(\(appKeys.joined(separator: "|"))))"

    /// Checks `path` without a scenario; returns a message, or nil when the shape is settable.
    /// `lists`: whether list-valued fields (`app.rules`, `actions`, `schedule`) may be set.
    static func problem(with path: String, lists: Bool = false) -> String? {
        let beaconKeys = beaconKeys + (lists ? beaconListKeys : [])
        let phoneKeys = phoneKeys + (lists ? phoneListKeys : [])
        let appKeys = appKeys + (lists ? appListKeys : [])
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        func unknown(_ word: String, among candidates: [String]) -> String {
            "'\(word)' cannot be set here\(_Suggestion.hint(for: word, among: candidates)); settable paths: \(summary)"
        }
        guard let head = parts.first, !parts.contains(where: \.isEmpty) else { return "empty path component" }
        switch head {
        case "duration": return parts.count == 1 ? nil : unknown(parts[1], among: [])
        case "venue":
            return parts.count == 2 && parts[1] == "environment"
                ? nil : unknown(parts.dropFirst().joined(separator: "."), among: ["environment"])
        case "radio":
            guard parts.count == 2 else { return "expected radio.KEY; settable paths: \(summary)" }
            return radioKeys.contains(parts[1]) ? nil : unknown(parts[1], among: radioKeys)
        case "beacons":
            guard parts.count == 3 else { return "expected beacons.(*|NAME).KEY; settable paths: \(summary)" }
            return beaconKeys.contains(parts[2]) ? nil : unknown(parts[2], among: beaconKeys)
        case "phones":
            guard parts.count >= 3, phoneKeys.contains(parts[2]) else {
                return parts.count >= 3
                    ? unknown(parts[2], among: phoneKeys) : "expected phones.(*|NAME).KEY; settable paths: \(summary)"
            }
            switch parts[2] {
            case "overrides": return parts.count == 4 ? nil : "expected phones.(*|NAME).overrides.KEY"
            case "app":
                guard parts.count == 4 else { return "expected phones.(*|NAME).app.KEY" }
                return appKeys.contains(parts[3]) ? nil : unknown(parts[3], among: appKeys)
            default: return parts.count == 3 ? nil : unknown(parts[3], among: [])
            }
        default:
            return unknown(head, among: ["duration", "venue", "radio", "beacons", "phones"])
        }
    }

    /// `root` with `value` (a plain scalar) at `path`; throws `ScenarioError(setting:message:)` for a bad path or a
    /// name that no beacon or phone has.
    static func apply(_ value: String, at path: String, to root: Node, base: Scenario) throws -> Node {
        try apply(node: Node.scalar(Node.Scalar(value, .implicit, .plain)), text: value, at: path, to: root, base: base)
    }

    /// `root` with `value` (any node; list-valued fields allowed) at `path`.
    static func apply(node value: Node, text: String, at path: String, to root: Node, base: Scenario, lists: Bool = false)
        throws -> Node
    {
        let setting = "\(path)=\(text)"
        if let message = problem(with: path, lists: lists) { throw ScenarioError(setting: setting, message: message) }
        let parts = path.split(separator: ".").map(String.init)
        if parts.count == 3 || parts.count == 4, parts[0] == "beacons" || parts[0] == "phones", parts[1] != "*" {
            let names = parts[0] == "beacons" ? base.beacons.map(\.name) : base.phones.map(\.name)
            guard names.contains(parts[1]) else {
                throw ScenarioError(
                    setting: setting,
                    message:
                        "no \(parts[0].dropLast()) named '\(parts[1])'\(_Suggestion.hint(for: parts[1], among: names)) "
                        + "(\(parts[0]): \(names.joined(separator: ", ")))")
            }
        }
        return set(value, at: parts[...], in: root)
    }

    /// Sets `value` under `keys` in `node`, creating mappings on the way; a list component is
    /// followed by a selector (`*` or the `name:` of the items to change).
    private static func set(_ value: Node, at keys: ArraySlice<String>, in node: Node) -> Node {
        guard let key = keys.first else { return value }
        let rest = keys.dropFirst()
        guard case .mapping(let mapping) = node else {
            return keys.count == 0 ? value : set(value, at: keys, in: .mapping(Node.Mapping([])))
        }
        var pairs = mapping.map { ($0.key, $0.value) }
        if let index = pairs.firstIndex(where: { $0.0.scalar?.string == key }) {
            let child = pairs[index].1
            if case .sequence(let sequence) = child, let selector = rest.first {
                let items = sequence.map { item in
                    selector == "*" || item["name"]?.scalar?.string == selector
                        ? set(value, at: rest.dropFirst(), in: item) : item
                }
                pairs[index].1 = .sequence(Node.Sequence(items, sequence.tag, sequence.style, sequence.mark))
            } else {
                pairs[index].1 = set(value, at: rest, in: child)
            }
        } else {
            pairs.append(
                (Node.scalar(Node.Scalar(key, .implicit, .plain)), set(value, at: rest, in: .mapping(Node.Mapping([]))))
            )
        }
        return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
    }
}
