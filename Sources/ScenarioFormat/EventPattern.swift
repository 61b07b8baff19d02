// SPDX-License-Identifier: GPL-3.0-or-later

/// Timeline events of one name whose fields have given values: `didDetermineState{reason: screenOn, state: inside}`.
///
/// Field names and the values of fields with a fixed set are those of `TimelineVocabulary`; the
/// claim's `region`, when it names one, also applies to events that carry a region.
public struct EventPattern: Sendable, Hashable, CustomStringConvertible {
    /// The event name as in timeline.jsonl (`didDetermineState`, `appStateChanged`, …).
    public var event: String
    /// Required field values, sorted by field name (booleans as `true`/`false`).
    public var fields: [Field]

    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(event: String, fields: [Field] = []) {
        self.event = event
        self.fields = fields.sorted { $0.name < $1.name }
    }

    public var description: String {
        fields.isEmpty ? event : event + "{" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
    }
}

/// One end of a span: which matching event of the phone's timeline counts.
public struct EventSelector: Sendable, Hashable, CustomStringConvertible {
    public var pattern: EventPattern
    public var pick: Pick

    /// `first` / `last` match; `every` (start only) opens one span per match.
    public enum Pick: String, Sendable, Hashable, CaseIterable {
        case first, last, every
    }

    public init(_ pattern: EventPattern, pick: Pick = .first) {
        self.pattern = pattern
        self.pick = pick
    }

    /// `last didRangeBeacons`, `every appStateChanged{to: background}`; `first` is not written.
    public var description: String { pick == .first ? pattern.description : "\(pick.rawValue) \(pattern)" }
}

/// The time from one event to a later one of the same phone, in seconds (`from:` … `to:`).
///
/// `from` picks the first, the last or every matching event; for each start, `to` picks the first
/// or the last matching event at or after it (and, with `every`, before the next start). A start
/// with no end gives no sample. World events (beacon power) belong to every phone's timeline.
public struct EventSpan: Sendable, Hashable {
    public var from: EventSelector
    public var to: EventSelector

    public init(from: EventSelector, to: EventSelector) {
        self.from = from
        self.to = to
    }
}
