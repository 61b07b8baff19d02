// SPDX-License-Identifier: GPL-3.0-or-later
@testable import BeaconSim
import PhoneModel
@testable import Reporting
import ScenarioFormat
import SimulationCore
import Testing

/// Counting timeline events and measuring spans between them, on a hand-made trace.
@Suite("Event counts and spans")
struct EventMeasureTests {
    static func at(_ seconds: Int64) -> SimTime { SimTime(nanoseconds: seconds * 1_000_000_000) }

    /// alice wakes twice (ranging 3 s, then 5 s after the wake); bob once; a beacon powers off.
    static let trace: [TraceRecord] = [
        TraceRecord(
            time: at(10), phone: "alice", event: .appStateChanged(from: .suspended, to: .background, reason: .regionEvent)),
        TraceRecord(time: at(11), phone: "alice", event: .didRangeBeacons(region: "store", beacons: [])),
        TraceRecord(time: at(13), phone: "alice", event: .didRangeBeacons(region: "store", beacons: [])),
        TraceRecord(time: at(14), phone: "alice", event: .didRangeBeacons(region: "till", beacons: [])),
        TraceRecord(
            time: at(20), phone: "bob", event: .appStateChanged(from: .suspended, to: .background, reason: .regionEvent)),
        TraceRecord(time: at(21), phone: "bob", event: .didDetermineState(region: "store", state: .inside, reason: .screenOn)),
        TraceRecord(time: at(22), phone: "bob", event: .didDetermineState(region: "store", state: .outside, reason: .screenOn)),
        TraceRecord(time: at(30), phone: nil, event: .beaconPowerChanged(beacon: "door", on: false)),
        TraceRecord(
            time: at(40), phone: "alice", event: .appStateChanged(from: .suspended, to: .background, reason: .regionEvent)),
        TraceRecord(time: at(45), phone: "alice", event: .didRangeBeacons(region: "store", beacons: [])),
        TraceRecord(time: at(50), phone: "alice", event: .didExitRegion(region: "store", lastPacket: nil)),
        TraceRecord(time: at(55), phone: "alice", event: .zoneEntered(zone: "store", atStart: false)),
    ]

    static func pattern(_ event: String, _ fields: [String: String] = [:]) -> EventPattern {
        EventPattern(event: event, fields: fields.map { EventPattern.Field(name: $0.key, value: $0.value) })
    }

    static func count(_ pattern: EventPattern, phone: String? = nil, region: String? = nil) -> Double? {
        let side = ClaimSide(phone: phone, region: region, quantity: .eventCount(pattern))
        let claim = ClaimSpec(.measured(MeasuredClaim(side: side, conditions: [])))
        let result = RunResult(replication: 0, seed: 1, trace: trace, packetsSent: 0, packetsReceived: 0, eventsHandled: 0)
        return EventMeasure.samples(claims: [claim], variant: nil, scenario: scenario, result: result)[side.key]?.first
    }

    static let scenario = Scenario(
        name: "t", duration: 60_000_000_000, venue: VenueSpec(width: 10, height: 10), beacons: [],
        phones: [
            PhoneSpec(name: "alice", app: AppSpec(regions: []), path: [WaypointSpec(position: Point2D(x: 1, y: 1))]),
            PhoneSpec(name: "bob", app: AppSpec(regions: []), path: [WaypointSpec(position: Point2D(x: 1, y: 1))]),
        ])

    @Test("counts filter by phone, region and typed field values; world events count once")
    func counts() {
        #expect(Self.count(Self.pattern("didRangeBeacons")) == 4)
        #expect(Self.count(Self.pattern("didRangeBeacons"), region: "store") == 3)
        #expect(Self.count(Self.pattern("appStateChanged", ["to": "background"]), phone: "alice") == 2)
        #expect(Self.count(Self.pattern("didDetermineState", ["state": "inside", "reason": "screenOn"])) == 1)
        #expect(Self.count(Self.pattern("didDetermineState", ["state": "inside"]), phone: "alice") == 0)
        #expect(Self.count(Self.pattern("beaconPowerOff")) == 1)
        #expect(Self.count(Self.pattern("zoneEntered", ["atStart": "false"])) == 1, "an absent flag reads as false")
        #expect(Self.count(Self.pattern("zoneEntered", ["atStart": "true"])) == 0)
    }

    static func spans(_ from: EventSelector, _ to: EventSelector, phone: String = "alice", region: String? = nil) -> [Double] {
        EventMeasure.spans(EventSpan(from: from, to: to), phone: phone, region: region, in: trace)
    }

    @Test("spans: first, last and every start; first or last end; the region filters both ends")
    func spans() {
        let wake = Self.pattern("appStateChanged", ["to": "background"])
        let ranging = Self.pattern("didRangeBeacons")
        #expect(Self.spans(EventSelector(wake), EventSelector(ranging, pick: .last)) == [35])
        #expect(Self.spans(EventSelector(wake), EventSelector(ranging)) == [1])
        #expect(Self.spans(EventSelector(wake, pick: .last), EventSelector(ranging, pick: .last)) == [5])
        #expect(Self.spans(EventSelector(wake, pick: .every), EventSelector(ranging, pick: .last)) == [4, 5])
        #expect(Self.spans(EventSelector(wake, pick: .every), EventSelector(ranging, pick: .last), region: "store") == [3, 5])
        #expect(Self.spans(EventSelector(wake, pick: .every), EventSelector(ranging), phone: "bob").isEmpty, "no end, no sample")
    }

    @Test("world events belong to every phone's timeline")
    func worldEvents() {
        let powerOff = EventSelector(Self.pattern("beaconPowerOff"))
        #expect(Self.spans(powerOff, EventSelector(Self.pattern("didExitRegion"))) == [20])
        #expect(Self.spans(powerOff, EventSelector(Self.pattern("didExitRegion")), phone: "bob").isEmpty)
    }
}
