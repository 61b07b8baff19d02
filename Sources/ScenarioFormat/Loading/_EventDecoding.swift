// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// Timeline event patterns in claims: an event name with `where:` field values, and span ends
/// written as `"last didRangeBeacons"`, `"appStateChanged{to: background}"` or as a mapping
/// `{ event, where, pick }`. Names and fields are those of `TimelineVocabulary`.
enum _EventDecoding {
    /// `name` (read from `node`) with the filter in `filter` (a `where:` mapping), checked against
    /// the vocabulary.
    static func pattern(name: String, at node: Node, where filter: Node?, context: _DecodingContext) -> EventPattern? {
        let names = TimelineVocabulary.events.map(\.name)
        guard let event = TimelineVocabulary.event(name) else {
            context.error(
                "unknown timeline event '\(name)'\(_Suggestion.hint(for: name, among: names)) "
                    + "(events: \(names.joined(separator: ", ")))", at: node)
            return nil
        }
        guard let filter else { return EventPattern(event: name) }
        guard let map = _MappingReader(filter, for: "where", table: _KeyTable(nil), context: context) else { return nil }
        var fields: [EventPattern.Field] = []
        var valid = true
        for key in map.orderedKeys {
            guard let valueNode = map[key] else { continue }
            guard let field = event.field(key) else {
                let known = event.fields.map(\.name)
                context.error(
                    "'\(name)' has no field '\(key)'\(_Suggestion.hint(for: key, among: known)) "
                        + "(fields: \(known.isEmpty ? "none" : known.joined(separator: ", ")))", at: map.keyNode(key) ?? filter)
                valid = false
                continue
            }
            let value: String?
            if field.isBoolean {
                value = context.bool(valueNode, for: key).map { $0 ? "true" : "false" }
            } else if let values = field.values {
                value = context.string(valueNode, for: key).flatMap { context.oneOf(values, $0, for: key, at: valueNode) }
            } else {
                value = context.name(valueNode, for: key)
            }
            if key == "region", let value { map.refer(.claimRegion(phone: nil), value, from: key) }
            guard let value else {
                valid = false
                continue
            }
            fields.append(EventPattern.Field(name: key, value: value))
        }
        return valid ? EventPattern(event: name, fields: fields) : nil
    }

    /// A span end under `key` (`from` or `to`); `every` is allowed for `from` only.
    static func selector(_ node: Node, key: String, context: _DecodingContext) -> EventSelector? {
        let selector: EventSelector?
        if case .mapping = node {
            guard let map = _MappingReader(node, for: key, table: _SchemaKeys.eventSelector, context: context) else {
                return nil
            }
            let pick = map["pick"] == nil ? .first : map.choice("pick", as: EventSelector.Pick.self)
            let pattern = map["event"].flatMap { eventNode in
                context.name(eventNode, for: "event").flatMap {
                    self.pattern(name: $0, at: eventNode, where: map["where"], context: context)
                }
            }
            selector = pattern.flatMap { pattern in pick.map { EventSelector(pattern, pick: $0) } }
        } else {
            guard let text = context.string(node, for: key) else { return nil }
            selector = written(text, at: node, key: key, context: context)
        }
        if selector?.pick == .every, key != "from" {
            context.error("'every' picks the starts of spans; '\(key)' takes 'first' or 'last'", at: node)
            return nil
        }
        return selector
    }

    /// `[first|last|every] EVENT[{field: value, …}]`; diagnostics point at the string.
    private static func written(_ text: String, at node: Node, key: String, context: _DecodingContext) -> EventSelector? {
        var rest = Substring(text.trimmingSpaces)
        var pick = EventSelector.Pick.first
        if let space = rest.firstIndex(of: " "), let word = EventSelector.Pick(rawValue: String(rest[..<space])) {
            pick = word
            rest = rest[space...].drop { $0 == " " }
        }
        let brace = rest.firstIndex(of: "{")
        let name = String(rest[..<(brace ?? rest.endIndex)]).trimmingSpaces
        guard !name.isEmpty, !name.contains(" ") else {
            context.error(
                "'\(key)': expected [first|last|every] EVENT or EVENT{field: value}, e.g. \"last didRangeBeacons\", "
                    + "found '\(text)'", at: node)
            return nil
        }
        var filter: Node?
        if let brace {
            let braces = String(rest[brace...])
            guard braces.hasSuffix("}"), let parsed = try? Yams.compose(yaml: braces, ScenarioLoader.textResolver),
                case .mapping = parsed
            else {
                context.error("'\(key)': the fields of '\(name)' must be a mapping such as {to: background}", at: node)
                return nil
            }
            filter = parsed
        }
        // Diagnostics about the braces point at the string, not inside it.
        let inner = context.child(file: context.file)
        let pattern = pattern(name: name, at: node, where: filter, context: inner)
        for diagnostic in inner.diagnostics { context.error(diagnostic.message, at: node) }
        for reference in inner.references {
            context.references.append(
                _NameReference(kind: reference.kind, name: reference.name, location: context.location(of: node)))
        }
        return pattern.map { EventSelector($0, pick: pick) }
    }
}
