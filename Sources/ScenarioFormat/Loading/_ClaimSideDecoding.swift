// SPDX-License-Identifier: GPL-3.0-or-later
internal import Yams

/// Who a claim is about (`phone`, `region`, `variant`), what it measures (`metric`, `count: EVENT`
/// with `where`, or `from`/`to`), and the other side of a comparison (`versus`).
enum _ClaimSideDecoding {
    /// A side without its quantity.
    struct Subject: Equatable {
        var phone: String?
        var region: String?
        var variant: String?

        func with(_ quantity: ClaimQuantity) -> ClaimSide {
            ClaimSide(phone: phone, region: region, variant: variant, quantity: quantity)
        }
    }

    /// `phone`, `region` and `variant` of `map` (`variant: base` is the scenario as written).
    static func subject(_ map: _MappingReader, context: _DecodingContext) -> Subject {
        let phone = map.name("phone")
        if let phone { map.refer(.claimPhone, phone, from: "phone") }
        let region = map.name("region")
        if let region { map.refer(.claimRegion(phone: phone), region, from: "region") }
        let variant = map.name("variant").flatMap { $0 == ScenarioVariant.baseName ? nil : $0 }
        if let variant { map.refer(.claimVariant, variant, from: "variant") }
        return Subject(phone: phone, region: region, variant: variant)
    }

    /// The quantity, and whether the `count` key names the events to count (rather than being the
    /// `count` statistic).
    static func quantity(_ map: _MappingReader, context: _DecodingContext) -> (ClaimQuantity?, countNamesEvents: Bool) {
        if map["metric"] != nil {
            for key in ["where", "from", "to"] where map[key] != nil {
                context.error("'\(key)' does not go with 'metric'", at: map.keyNode(key) ?? map.node)
            }
            return (map.choice("metric", as: ClaimMetric.self).map(ClaimQuantity.metric), false)
        }
        if map["from"] != nil || map["to"] != nil {
            if let node = map.keyNode("where") {
                context.error("'where' goes with 'count: EVENT'; filter the ends of a span inside 'from' and 'to'", at: node)
            }
            for key in ["from", "to"] where map[key] == nil {
                context.error("missing '\(key)': the time between two events needs both 'from' and 'to'", at: map.node)
            }
            let from = map["from"].flatMap { _EventDecoding.selector($0, key: "from", context: context) }
            let to = map["to"].flatMap { _EventDecoding.selector($0, key: "to", context: context) }
            guard let from, let to else { return (nil, false) }
            return (.span(EventSpan(from: from, to: to)), false)
        }
        guard let countNode = map["count"], let text = context.string(countNode, for: "count") else {
            context.error(
                "a claim needs a quantity: 'metric', 'count: EVENT' (with optional 'where'), or 'from' and 'to' "
                    + "(or 'anyOf'/'allOf' over claims)", at: map.node)
            return (nil, true)
        }
        if text.contains("..") || "<>=".contains(text.trimmingSpaces.first ?? " ") {
            context.error(
                "'count' names the events to count here (e.g. count: didEnterRegion); as a statistic it needs "
                    + "'metric' or 'from'/'to'", at: countNode)
            return (nil, true)
        }
        let pattern = _EventDecoding.pattern(name: text, at: countNode, where: map["where"], context: context)
        return (pattern.map(ClaimQuantity.eventCount), true)
    }

    /// `versus: { phone, region, variant }`: the subject with those keys replaced.
    static func versus(_ node: Node, of subject: Subject, context: _DecodingContext) -> Subject? {
        guard let map = _MappingReader(node, for: "versus", table: _SchemaKeys.versus, context: context) else {
            return nil
        }
        let other = self.subject(map, context: context)
        var result = subject
        if map["phone"] != nil { result.phone = other.phone }
        if map["region"] != nil { result.region = other.region }
        if map["variant"] != nil { result.variant = other.variant }
        guard result != subject else {
            context.error("'versus' must name another phone, region or variant than the claim's own", at: node)
            return nil
        }
        return result
    }

    /// Checks a side's subject against its events: a `region` needs an event that carries one, a
    /// `phone` cannot count world events.
    static func check(_ side: ClaimSide, map: _MappingReader, context: _DecodingContext) -> Bool {
        let patterns: [EventPattern]
        switch side.quantity {
        case .metric: return true
        case .eventCount(let pattern): patterns = [pattern]
        case .span(let span): patterns = [span.from.pattern, span.to.pattern]
        }
        let events = patterns.compactMap { TimelineVocabulary.event($0.event) }
        var valid = true
        if side.region != nil, let node = map["region"], !events.contains(where: { $0.field("region") != nil }) {
            let names = patterns.map(\.event).joined(separator: ", ")
            context.error("'region' filters events that carry a region, and \(names) carries none", at: node)
            valid = false
        }
        if side.phone != nil, case .eventCount = side.quantity, let event = events.first, event.isWorld,
            let node = map["phone"]
        {
            context.error("'\(event.name)' is a world event and belongs to no phone; leave out 'phone'", at: node)
            valid = false
        }
        return valid
    }
}
