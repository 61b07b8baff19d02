// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// The radio part of an imported file or of `predict --radio`: `radio:`, `devices:`,
/// `reportShares:` and a free-form `source:` (checked to be a mapping, otherwise not read).
enum _RadioFragment {
    /// `beacons`: the names report shares may refer to (nil: not checked).
    static func decode(_ map: _MappingReader, context: _DecodingContext, beacons: Set<String>?) -> RadioFragment {
        if let source = map["source"] {
            _ = _MappingReader(source, for: "source", table: _SchemaKeys.source, context: context)
        }
        return RadioFragment(
            radio: map["radio"].flatMap { _VenueDecoding.radio($0, context: context) } ?? RadioSpec(),
            devices: map["devices"].map { _DeviceDecoding.devices($0, context: context) } ?? [:],
            reportShares: map["reportShares"].map { reportShares($0, context: context, beacons: beacons) } ?? [:])
    }

    /// `reportShares: { beaconName: 0.9 }`.
    static func reportShares(_ node: Node, context: _DecodingContext, beacons: Set<String>?) -> [String: Double] {
        guard let map = _MappingReader(node, for: "reportShares", table: _SchemaKeys.reportShares, context: context) else {
            return [:]
        }
        var shares: [String: Double] = [:]
        for name in map.orderedKeys {
            if let beacons, !beacons.contains(name) {
                if let key = map.keyNode(name) {
                    context.error(
                        "report share for unknown beacon '\(name)'\(_Suggestion.hint(for: name, among: beacons.sorted()))",
                        at: key)
                }
                continue
            }
            if let share = map.number(name, in: 0.001...1) { shares[name] = share }
        }
        return shares
    }

    /// Reads a fragment file; throws `ScenarioError` with every diagnostic.
    static func load(path: String, beacons: Set<String>?) throws -> RadioFragment {
        let context = _DecodingContext(file: path, catalogue: .permissive)
        let start = SourceLocation(file: path, line: 1, column: 1)
        let text: String
        switch _SourceFile.text(path) {
        case .failure(let failure):
            throw ScenarioError([Diagnostic(at: start, "cannot read the radio fragment: \(failure.message)")])
        case .success(let source): text = source.text
        }
        guard let root = try ScenarioLoader.compose(text, file: path) else {
            throw ScenarioError([Diagnostic(at: start, "the radio fragment is empty")])
        }
        guard let map = _MappingReader(root, for: "radio fragment", table: _SchemaKeys.radioFragment, context: context)
        else { throw ScenarioError(context.diagnostics) }
        let fragment = decode(map, context: context, beacons: beacons)
        guard context.diagnostics.isEmpty else { throw ScenarioError(context.diagnostics) }
        return fragment
    }
}
