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
        switch event {
        case .didFinishLaunching(let locationEvent): [("locationEvent", locationEvent ? "true" : "false")]
        case .didEnterRegion(let region, let first): [("region", JSONText.string(region))] + time("firstPacketAt", first)
        case .didExitRegion(let region, let last): [("region", JSONText.string(region))] + time("lastPacketAt", last)
        case .didDetermineState(let region, let state, let reason):
            [
                ("region", JSONText.string(region)), ("state", JSONText.string(state.description)),
                ("reason", JSONText.string(reason.rawValue)),
            ]
        case .didRangeBeacons(let region, let beacons):
            [("region", JSONText.string(region)), ("beacons", JSONText.array(beacons.map(beacon)))]
        case .backgroundTimeExpiring: []
        case .didChangeAuthorization(let status): [("status", JSONText.string(status.rawValue))]
        case .timerFired(let timer, let scheduledFor): [("timer", String(timer)), ("scheduledFor", scheduledFor.description)]
        case .monitoringDidFail(let region, let reason), .monitoringRejected(let region, let reason):
            [("region", JSONText.string(region)), ("reason", JSONText.string(reason))]
        case .notificationPosted(let title, let body): [("title", JSONText.string(title)), ("body", JSONText.string(body))]
        case .appStateChanged(let from, let to, let reason):
            [
                ("from", JSONText.string(from.rawValue)), ("to", JSONText.string(to.rawValue)),
                ("reason", JSONText.string(reason.rawValue)),
            ]
        case .osRegionState(let region, let state, let reason):
            [
                ("region", JSONText.string(region)), ("state", JSONText.string(state.description)),
                ("reason", JSONText.string(reason.rawValue)),
            ]
        case .callbackLost(let callback, let region, let reason):
            [("callback", JSONText.string(callback.rawValue))] + (region.map { [("region", JSONText.string($0))] } ?? [])
                + [("reason", JSONText.string(reason))]
        case .exitNotDelivered(let region, let last): [("region", JSONText.string(region))] + time("lastPacketAt", last)
        case .zoneEntered(let zone, let atStart): [("zone", JSONText.string(zone))] + (atStart ? [("atStart", "true")] : [])
        case .zoneExited(let zone): [("zone", JSONText.string(zone))]
        case .beaconPowerChanged(let beacon, _), .addressRotated(let beacon): [("beacon", JSONText.string(beacon))]
        case .regionBeaconsOff(let region), .regionBeaconsOn(let region): [("region", JSONText.string(region))]
        case .userAction(let action, let value):
            [("action", JSONText.string(value.map { "\(action.rawValue)=\($0)" } ?? action.rawValue))]
        }
    }

    private static func time(_ key: String, _ value: SimTime?) -> [(String, String)] {
        value.map { [(key, $0.description)] } ?? []
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
