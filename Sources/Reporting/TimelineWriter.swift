// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import BLEAdvertising
internal import PhoneModel
internal import SimulationCore

/// Formats trace records as timeline.jsonl: one JSON object per line, keys in a fixed order,
/// times in seconds with nine decimals written from the integer nanoseconds, so the file is
/// byte-identical for the same scenario and seed.
///
/// Every record has `t` (s), `phone` (absent for world events) and `event`; the rest depends on
/// the event (`region`, `state`, `beacons`, `from`/`to`, `reason`, `zone`, `beacon`, …).
public enum TimelineWriter {
    /// The whole timeline, one line per record, each ending in a newline.
    public static func text(_ records: [TraceRecord]) -> String {
        var result = ""
        result.reserveCapacity(records.count * 96)
        for record in records {
            result += line(record)
            result += "\n"
        }
        return result
    }

    /// One record as a JSON object.
    public static func line(_ record: TraceRecord) -> String {
        var fields: [(String, String)] = [("t", record.time.description)]
        if let phone = record.phone { fields.append(("phone", JSONText.string(phone))) }
        fields.append(("event", JSONText.string(record.event.name)))
        fields += details(record.event)
        return JSONText.object(fields)
    }

    private static func details(_ event: TraceEvent) -> [(String, String)] {
        event.fields.map { field in
            switch field.value {
            case .text(let text): (field.name, JSONText.string(text))
            case .flag(let flag): (field.name, flag ? "true" : "false")
            case .time(let time): (field.name, time.description)
            case .beacons(let beacons): (field.name, JSONText.array(beacons.map(beacon)))
            }
        }
    }

    private static func beacon(_ beacon: RangedBeacon) -> String {
        JSONText.object([
            ("uuid", JSONText.string(beacon.identity.uuid.description)),
            ("major", String(beacon.identity.major)),
            ("minor", String(beacon.identity.minor)),
            ("rssi", String(beacon.rssi)),
            ("accuracy", JSONText.number(beacon.accuracy, decimals: 3)),
            ("proximity", JSONText.string(beacon.proximity.description)),
        ])
    }
}
