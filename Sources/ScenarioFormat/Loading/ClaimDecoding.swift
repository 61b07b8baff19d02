// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `expect:` items: `anyOf:`/`allOf:` over claims, or a measured claim (subject, one quantity form,
/// an optional `versus:` side, one condition per statistic key).
enum _ClaimDecoding {
    static func claim(_ node: Node, context: _DecodingContext) -> ClaimSpec? {
        guard let map = _MappingReader(node, for: "expect", table: _SchemaKeys.claim, context: context) else {
            return nil
        }
        for combinator in ["anyOf", "allOf"] where map[combinator] != nil {
            return compound(map, key: combinator, context: context)
        }
        return measured(map, context: context).map { ClaimSpec(.measured($0), location: map.location) }
    }

    /// `{ anyOf: [claims] }` or `{ allOf: [claims] }`, with no other key.
    private static func compound(_ map: _MappingReader, key: String, context: _DecodingContext) -> ClaimSpec? {
        var valid = true
        for other in map.orderedKeys where other != key {
            context.error(
                "a claim with '\(key)' takes no other keys; put '\(other)' into its parts", at: map.keyNode(other) ?? map.node)
            valid = false
        }
        guard let items = map.list(key) else { return nil }
        if items.isEmpty { context.error("'\(key)' must list at least one claim", at: map[key] ?? map.node) }
        let parts = items.compactMap { claim($0, context: context) }
        guard valid, !items.isEmpty, parts.count == items.count else { return nil }
        return ClaimSpec(key == "anyOf" ? .anyOf(parts) : .allOf(parts), location: map.location)
    }

    private static func measured(_ map: _MappingReader, context: _DecodingContext) -> MeasuredClaim? {
        let subject = _ClaimSideDecoding.subject(map, context: context)
        let (quantity, countNamesEvents) = _ClaimSideDecoding.quantity(map, context: context)
        let versus = map["versus"].flatMap { _ClaimSideDecoding.versus($0, of: subject, context: context) }
        var statistics: [(statistic: ClaimStatistic, key: String, node: Node)] = []
        for key in map.orderedKeys where !(key == "count" && countNamesEvents) {
            guard let statistic = ClaimStatistic(key: key), let node = map[key] else {
                if key.hasPrefix("p"), ClaimStatistic.isPercentileKey(key), let node = map.keyNode(key) {
                    context.error("'\(key)' is not a percentile in (0, 100); use 'min' for the smallest value", at: node)
                }
                continue
            }
            if let first = statistics.first(where: { $0.statistic == statistic }) {
                let at = context.location(of: first.node)
                context.error(
                    "'\(key)' repeats the statistic '\(first.key)' (first at \(at.line):\(at.column))", at: node)
                continue
            }
            statistics.append((statistic, key, node))
        }
        if statistics.isEmpty {
            context.error(
                "a claim needs at least one statistic (\(ClaimStatistic.namedKeys.joined(separator: ", ")) or pN, e.g. p95)",
                at: map.node)
        }
        guard let quantity else { return nil }
        let side = subject.with(quantity)
        guard _ClaimSideDecoding.check(side, map: map, context: context) else { return nil }
        let isComparison = map["versus"] != nil
        let conditions = statistics.sorted { $0.statistic < $1.statistic }.compactMap { item in
            condition(
                item.node, key: item.key, statistic: item.statistic, quantity: quantity, isComparison: isComparison,
                context: context)
        }
        guard conditions.count == statistics.count, !conditions.isEmpty, !isComparison || versus != nil else {
            return nil
        }
        return MeasuredClaim(side: side, versus: versus.map { $0.with(quantity) }, conditions: conditions)
    }

    /// One condition string; a bare number is rejected with the comparison to write instead.
    private static func condition(
        _ node: Node, key: String, statistic: ClaimStatistic, quantity: ClaimQuantity, isComparison: Bool,
        context: _DecodingContext
    ) -> ClaimCondition? {
        if case .number = _NodeKind(node), case .scalar(let scalar) = node {
            context.error(
                "'\(key)' needs a comparison, not a bare number; write \"<= \(scalar.string)\" or \"== \(scalar.string)\"",
                at: node)
            return nil
        }
        guard let text = context.string(node, for: key) else { return nil }
        switch ConditionParser.parse(text, statistic: statistic, quantity: quantity, isComparison: isComparison) {
        case .success(let condition): return condition
        case .failure(let failure):
            context.error("'\(key)': \(failure.message)", at: node)
            return nil
        }
    }
}
