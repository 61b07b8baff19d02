// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// The optional `sweep:` block: a mapping from a settable path to a non-empty list of values,
/// e.g. `beacons.*.interval: [100ms, 300ms, 1s]`. Paths are checked here; values when the sweep
/// runs (they depend on the field).
enum _SweepDecoding {
    static func sweep(_ node: Node, context: _DecodingContext) -> [SweepAxis] {
        guard let map = _MappingReader(node, for: "sweep", table: _KeyTable(nil), context: context) else { return [] }
        return map.orderedKeys.compactMap { path -> SweepAxis? in
            guard let keyNode = map.keyNode(path), let valueNode = map[path] else { return nil }
            if let problem = _SettingPath.problem(with: path) {
                context.error("sweep path '\(path)': \(problem)", at: keyNode)
                return nil
            }
            guard let items = context.list(valueNode, for: path) else { return nil }
            guard !items.isEmpty else {
                context.error("'\(path)' must list at least one value", at: valueNode)
                return nil
            }
            var values: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item else {
                    context.error("a value of '\(path)' must be a single value such as 100ms or -59", at: item)
                    return nil
                }
                values.append(scalar.string)
            }
            return SweepAxis(path: path, values: values)
        }
    }
}
