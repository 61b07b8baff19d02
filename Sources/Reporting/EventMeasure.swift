// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import ScenarioFormat
internal import SimulationCore

/// Event-based claim quantities measured on a run's trace records: counts of matching events and
/// spans between two events of the same phone (seconds). Records are matched by their typed
/// fields (`TraceEvent.fields`), never by the text of timeline.jsonl.
public enum EventMeasure {
    /// The samples of every event-based side of `claims` that runs on `variant` (nil = the
    /// scenario as written), measured on `result`, a run of `scenario`, keyed by `ClaimSide.key`.
    public static func samples(claims: [ClaimSpec], variant: String?, scenario: Scenario, result: RunResult)
        -> [String: [Double]]
    {
        var samples: [String: [Double]] = [:]
        for side in claims.flatMap(\.leaves).flatMap({ [$0.side] + ($0.versus.map { [$0] } ?? []) })
        where side.variant == variant && samples[side.key] == nil {
            switch side.quantity {
            case .metric: continue
            case .eventCount(let pattern): samples[side.key] = [Double(count(pattern, side: side, in: result.trace))]
            case .span(let span):
                let phones = side.phone.map { [$0] } ?? scenario.phones.map(\.name)
                samples[side.key] = phones.flatMap { spans(span, phone: $0, region: side.region, in: result.trace) }
            }
        }
        return samples
    }

    /// The names of the events `claims` count or span between: a run measured for these claims
    /// need keep only those records (`RunRecording`).
    public static func eventNames(claims: [ClaimSpec]) -> Set<String> {
        var names = Set<String>()
        for side in claims.flatMap(\.leaves).flatMap({ [$0.side] + ($0.versus.map { [$0] } ?? []) }) {
            switch side.quantity {
            case .metric: continue
            case .eventCount(let pattern): names.insert(pattern.event)
            case .span(let span): names.formUnion([span.from.pattern.event, span.to.pattern.event])
            }
        }
        return names
    }

    /// Records of `side`'s phone (every phone's when it names none) matching `pattern` and its region.
    static func count(_ pattern: EventPattern, side: ClaimSide, in trace: [TraceRecord]) -> Int {
        trace.reduce(0) { total, record in
            let mine = side.phone == nil || record.phone == side.phone
            return total + (mine && matches(record.event, pattern, region: side.region) ? 1 : 0)
        }
    }

    /// The spans of `phone`'s timeline (its records and the world's), in seconds.
    static func spans(_ span: EventSpan, phone: String, region: String?, in trace: [TraceRecord]) -> [Double] {
        let records = trace.filter { $0.phone == phone || $0.phone == nil }
        let starts = records.indices.filter { matches(records[$0].event, span.from.pattern, region: region) }
        let chosen: [Int]
        switch span.from.pick {
        case .first: chosen = starts.first.map { [$0] } ?? []
        case .last: chosen = starts.last.map { [$0] } ?? []
        case .every: chosen = starts
        }
        return chosen.enumerated().compactMap { position, start in
            let end = span.from.pick == .every && position + 1 < chosen.count ? chosen[position + 1] : records.endIndex
            let window = records[(start + 1)..<end].lazy.filter { matches($0.event, span.to.pattern, region: region) }
            let stop = span.to.pick == .last ? window.reversed().first : window.first
            return stop.map { ($0.time - records[start].time).seconds }
        }
    }

    /// Whether `event` has the pattern's name and field values; `region`, when given, must be the
    /// event's region if it carries one. A boolean field that is absent reads as false.
    static func matches(_ event: TraceEvent, _ pattern: EventPattern, region: String?) -> Bool {
        guard event.name == pattern.event else { return false }
        if let region, let own = event.fieldText("region"), own != region { return false }
        let vocabulary = TimelineVocabulary.event(pattern.event)
        return pattern.fields.allSatisfy { field in
            let isBoolean = vocabulary?.field(field.name)?.isBoolean ?? false
            return (event.fieldText(field.name) ?? (isBoolean ? "false" : nil)) == field.value
        }
    }
}
