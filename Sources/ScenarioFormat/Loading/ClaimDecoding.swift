// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// `expect:` items: which phone and region, which metric, and one condition per statistic key.
enum _ClaimDecoding {
    static func claim(_ node: Node, context: _DecodingContext) -> ClaimSpec? {
        guard let map = _MappingReader(node, for: "expect", table: _SchemaKeys.claim, context: context) else {
            return nil
        }
        let phone = map.name("phone")
        if let phone { map.refer(.claimPhone, phone, from: "phone") }
        let region = map.name("region")
        if let region { map.refer(.claimRegion(phone: phone), region, from: "region") }
        let metric = map.choice("metric", as: ClaimMetric.self)
        // Statistics in a fixed order, so equal claims compare equal whatever the key order.
        let statistics = ClaimStatistic.allCases.filter { map[$0.rawValue] != nil }
        if statistics.isEmpty {
            context.error(
                "a claim needs at least one statistic (\(ClaimStatistic.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: map.node)
        }
        guard let metric else { return nil }
        let conditions = statistics.compactMap { statistic -> ClaimCondition? in
            guard let conditionNode = map[statistic.rawValue] else { return nil }
            return condition(conditionNode, statistic: statistic, metric: metric, context: context)
        }
        guard conditions.count == statistics.count, !conditions.isEmpty else { return nil }
        return ClaimSpec(phone: phone, region: region, metric: metric, conditions: conditions, location: map.location)
    }

    /// One condition string; a bare number is rejected with the comparison to write instead.
    private static func condition(
        _ node: Node, statistic: ClaimStatistic, metric: ClaimMetric, context: _DecodingContext
    )
        -> ClaimCondition?
    {
        let key = statistic.rawValue
        if case .number = _NodeKind(node), case .scalar(let scalar) = node {
            context.error(
                "'\(key)' needs a comparison, not a bare number; write \"<= \(scalar.string)\" or \"== \(scalar.string)\"",
                at: node)
            return nil
        }
        guard let text = context.string(node, for: key) else { return nil }
        switch ConditionParser.parse(text, statistic: statistic, metric: metric) {
        case .success(let condition): return condition
        case .failure(let failure):
            context.error("'\(key)': \(failure.message)", at: node)
            return nil
        }
    }
}
