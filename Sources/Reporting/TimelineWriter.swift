// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import BLEAdvertising
internal import PhoneModel
public import ScenarioFormat
internal import SimulationCore

/// Formats trace records as timeline.jsonl: one JSON object per line, keys in a fixed order,
/// times in seconds with nine decimals written from the integer nanoseconds, so the file is
/// byte-identical for the same scenario and seed.
///
/// Every record has `t` (s), `phone` (absent for world events) and `event`; the rest depends on
/// the event (`region`, `state`, `beacons`, `from`/`to`, `reason`, `zone`, `beacon`, …).
/// Records are written as bytes into a `JSONBytes` (a run streams them into its `ResultFile`).
public enum TimelineWriter {
    /// The whole timeline, one line per record, each ending in a newline.
    public static func text(_ records: [TraceRecord]) -> String {
        var out = JSONBytes(capacity: records.count * 128)
        for record in records { write(record, into: &out) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// One record as a JSON object (without the newline).
    public static func line(_ record: TraceRecord) -> String {
        var out = JSONBytes(capacity: 256)
        write(record, into: &out)
        out.removeLast()
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends one record and its newline to `out`; with `ranging` `.count` a didRangeBeacons
    /// record has `beaconCount` instead of its `beacons`, with `.off` it is left out.
    public static func write(_ record: TraceRecord, ranging: OutputSpec.Ranging = .full, into out: inout JSONBytes) {
        if ranging == .off, case .didRangeBeacons = record.event { return }
        out.raw("{\"t\":")
        out.time(record.time)
        if let phone = record.phone {
            out.raw(",\"phone\":")
            out.string(phone)
        }
        out.raw(",\"event\":")
        out.string(record.event.name)
        if case .didRangeBeacons(let region, let beacons) = record.event {
            // The commonest record of a ranging run, written without building its field list.
            out.raw(",\"region\":")
            out.string(region)
            if ranging == .count {
                out.raw(",\"beaconCount\":")
                out.int(beacons.count)
            } else {
                out.raw(",\"beacons\":")
                write(beacons, into: &out)
            }
        } else {
            for field in record.event.fields {
                out.byte(0x2C)
                out.string(field.name)
                out.byte(0x3A)
                switch field.value {
                case .text(let text): out.string(text)
                case .flag(let flag): flag ? out.raw("true") : out.raw("false")
                case .time(let time): out.time(time)
                case .beacons(let beacons): write(beacons, into: &out)
                }
            }
        }
        out.raw("}\n")
    }

    /// A didRangeBeacons list: `[{uuid, major, minor, rssi, accuracy, proximity}, …]`.
    static func write(_ beacons: [RangedBeacon], into out: inout JSONBytes) {
        // A deployment's beacons mostly share one UUID: its text is formatted once per list and
        // copied for the beacons after.
        var shared: (uuid: BeaconUUID, bytes: Range<Int>)?
        out.array(beacons) { out, beacon in
            out.raw("{\"uuid\":\"")
            if let shared, shared.uuid == beacon.identity.uuid {
                out.repeat(shared.bytes)
            } else {
                let start = out.count
                uuid(beacon.identity.uuid, into: &out)
                shared = (beacon.identity.uuid, start..<out.count)
            }
            out.raw("\",\"major\":")
            out.int(Int(beacon.identity.major))
            out.raw(",\"minor\":")
            out.int(Int(beacon.identity.minor))
            out.raw(",\"rssi\":")
            out.int(beacon.rssi)
            out.raw(",\"accuracy\":")
            out.number(beacon.accuracy, decimals: 3)
            out.raw(",\"proximity\":")
            switch beacon.proximity {
            case .unknown: out.raw("\"unknown\"}")
            case .immediate: out.raw("\"immediate\"}")
            case .near: out.raw("\"near\"}")
            case .far: out.raw("\"far\"}")
            }
        }
    }

    /// `BeaconUUID.description`'s upper-case 8-4-4-4-12 form, from the two halves.
    static func uuid(_ uuid: BeaconUUID, into out: inout JSONBytes) { out.uuid(high: uuid.high, low: uuid.low) }
}
