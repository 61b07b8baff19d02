// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The read model of one line of a run's `timeline.jsonl` (what Reporting's `TimelineWriter`
/// writes): `t` (s), the phone (absent for a venue event such as a beacon's power change), the
/// event's name, then its fields by the kind of value the writer gives them (`TraceField.Value`):
/// text, a flag, a number (times in s, counts), and a ranging callback's `beacons`. `t` and
/// `event` are required; a value of another kind is a located error (`ReadModelFile`).
struct TimelineLine: Decodable, Equatable {
    /// Seconds since the scenario's start.
    var t: Double
    var phone: String?
    var event: String
    var texts: [String: String] = [:]
    var flags: [String: Bool] = [:]
    /// Times (s, `lastPacketAt`, `delay`) and counts (`beaconCount`).
    var numbers: [String: Double] = [:]
    /// A ranging callback's beacons, in the order the OS gave them (nearest first).
    var beacons: [RangedBeacon]?

    /// One beacon of a ranging callback.
    struct RangedBeacon: Decodable, Equatable {
        var uuid: String
        var major: Int
        var minor: Int
        /// dBm.
        var rssi: Int
        /// The OS's distance estimate, m (null when it gives none).
        var accuracy: Double?
        var proximity: String
    }

    init(t: Double, phone: String? = nil, event: String, texts: [String: String] = [:]) {
        self.t = t
        self.phone = phone
        self.event = event
        self.texts = texts
    }

    /// The text field `key` (`region`, `state`, `reason` …); nil when absent or not text.
    func string(_ key: String) -> String? { texts[key] }

    /// The number field `key` (a time in s, a count); nil when absent or not a number.
    func number(_ key: String) -> Double? { numbers[key] }

    /// The flag `key` (`atStart`); nil when absent or not a flag.
    func flag(_ key: String) -> Bool? { flags[key] }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let line = try decoder.container(keyedBy: Key.self)
        t = try line.decode(Double.self, forKey: Key(stringValue: "t"))
        event = try line.decode(String.self, forKey: Key(stringValue: "event"))
        phone = try line.decodeIfPresent(String.self, forKey: Key(stringValue: "phone"))
        for key in line.allKeys where !["t", "event", "phone"].contains(key.stringValue) {
            if key.stringValue == "beacons" {
                beacons = try line.decode([RangedBeacon].self, forKey: key)
            } else if let text = try? line.decode(String.self, forKey: key) {
                texts[key.stringValue] = text
            } else if let flag = try? line.decode(Bool.self, forKey: key) {
                flags[key.stringValue] = flag
            } else if let number = try? line.decode(Double.self, forKey: key) {
                numbers[key.stringValue] = number
            } else {
                throw DecodingError.typeMismatch(
                    String.self,
                    DecodingError.Context(
                        codingPath: line.codingPath + [key], debugDescription: "expected text, a flag or a number"))
            }
        }
    }

    /// Decodes every line of `text`, the contents of the timeline.jsonl at `path`.
    static func decode(_ text: String, path: String) throws -> [TimelineLine] {
        try ReadModelFile.decodeLines(TimelineLine.self, from: text, path: path, what: "a timeline record")
    }
}
