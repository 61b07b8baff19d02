// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// A mapping checked against its key table: unknown keys (with a suggestion), duplicate keys and
/// missing required keys are reported once, when the reader is made; the typed accessors then
/// read one key each and report wrong kinds or ranges at the value.
struct _MappingReader {
    let node: Node
    let context: _DecodingContext
    private var values: [String: Node] = [:]
    private var keys: [String: Node] = [:]
    /// Keys in file order.
    private(set) var orderedKeys: [String] = []

    /// Reads `node` as the mapping under `key`; nil (with a diagnostic) when it is not a mapping.
    init?(_ node: Node, for key: String, table: _KeyTable, context: _DecodingContext) {
        guard case .mapping(let mapping) = node else {
            context.mismatch("a mapping", for: key, at: node)
            return nil
        }
        self.node = node
        self.context = context
        for (keyNode, value) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                context.error(
                    "a key in '\(key)' must be a plain name, found \(_NodeKind(keyNode).description)", at: keyNode)
                continue
            }
            let name = scalar.string
            if let first = keys[name] {
                let firstLocation = context.location(of: first)
                context.error(
                    "duplicate key '\(name)' (first at \(firstLocation.line):\(firstLocation.column))", at: keyNode)
                continue
            }
            if let allowed = table.allowed, !table.allows(name) {
                context.error(
                    "unknown key '\(name)' in '\(key)'\(_Suggestion.hint(for: name, among: allowed)) "
                        + "(allowed: \(table.listed))", at: keyNode)
                continue
            }
            keys[name] = keyNode
            values[name] = value
            orderedKeys.append(name)
        }
        for required in table.required where values[required] == nil {
            context.error("missing required key '\(required)' in '\(key)'", at: node)
        }
    }

    /// The value under `key`, if present.
    subscript(_ key: String) -> Node? { values[key] }

    /// The key node itself (for messages about the key rather than its value).
    func keyNode(_ key: String) -> Node? { keys[key] }

    /// The mapping's own location.
    var location: SourceLocation { context.location(of: node) }

    func string(_ key: String) -> String? { values[key].flatMap { context.string($0, for: key) } }
    func name(_ key: String) -> String? { values[key].flatMap { context.name($0, for: key) } }
    func bool(_ key: String) -> Bool? { values[key].flatMap { context.bool($0, for: key) } }
    func list(_ key: String) -> [Node]? { values[key].flatMap { context.list($0, for: key) } }
    func point(_ key: String) -> Point2D? { values[key].flatMap { context.point($0, for: key) } }

    func number(_ key: String, in range: ClosedRange<Double>) -> Double? {
        values[key].flatMap { context.number($0, for: key, in: range) }
    }

    func power(_ key: String, unit: String = "dBm", in range: ClosedRange<Double>) -> Double? {
        values[key].flatMap { context.power($0, for: key, unit: unit, in: range) }
    }

    func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
        values[key].flatMap { context.integer($0, for: key, in: range) }
    }

    func duration(_ key: String, in range: ClosedRange<Int64> = 0...ScenarioLimits.maximumSpan) -> Int64? {
        values[key].flatMap { context.duration($0, for: key, in: range) }
    }

    func choice<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type) -> E? where E.RawValue == String {
        values[key].flatMap { context.choice($0, for: key, as: type) }
    }

    /// Decodes each item of the list under `key` with `decode(item, index)`, keeping the successes.
    func each<T>(_ key: String, _ decode: (Node, Int) -> T?) -> [T] {
        (list(key) ?? []).enumerated().compactMap { decode($1, $0) }
    }

    /// Records `reference` to `name` read from the value under `key`.
    func refer(_ kind: _NameReference.Kind, _ name: String, from key: String) {
        guard let value = values[key] else { return }
        context.references.append(_NameReference(kind: kind, name: name, location: context.location(of: value)))
    }
}
