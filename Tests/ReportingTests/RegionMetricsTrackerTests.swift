// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import PhoneModel
@testable import Reporting
import SimulationCore
import Testing

/// The metrics every claim asserts on, computed from hand-written traces whose answers are known.
@Suite("Region metrics against ground truth")
struct RegionMetricsTrackerTests {
    /// A tracker for phone `p`, region `store` in zone `store`, missed after 300 s.
    func tracker(cutoff: Int64 = 300) -> _RegionMetricsTracker {
        _RegionMetricsTracker(phone: "p", region: "store", zone: "store", cutoff: .seconds(cutoff))
    }

    func record(_ seconds: Double, _ event: TraceEvent) -> TraceRecord {
        TraceRecord(time: SimTime(nanoseconds: Int64(seconds * 1e9)), phone: "p", event: event)
    }

    func run(_ records: [TraceRecord], end: Double = 1000, cutoff: Int64 = 300) -> RegionMetrics {
        var tracker = tracker(cutoff: cutoff)
        for record in records { tracker.consume(record) }
        return tracker.finish(at: SimTime(nanoseconds: Int64(end * 1e9)))
    }

    /// The phone starts inside with the OS agreeing, then leaves the zone at 100 s.
    var insideThenLeaving: [TraceRecord] {
        [
            record(0, .zoneEntered(zone: "store", atStart: true)),
            record(1, .osRegionState(region: "store", state: .inside, reason: .initial)),
            record(100, .zoneExited(zone: "store")),
        ]
    }

    @Test("an exit 30 s after leaving the zone and 35 s after the last packet")
    func exitLatency() {
        let metrics = run(
            insideThenLeaving + [
                record(130, .didExitRegion(region: "store", lastPacket: SimTime(nanoseconds: 95_000_000_000)))
            ])
        #expect(metrics.latencies[.exitLatencyFromZone] == [30])
        #expect(metrics.latencies[.exitLatencyFromLastPacket] == [35])
        #expect(metrics.counts[.exits] == 1)
        #expect(metrics.counts[.missedExits, default: 0] == 0)
        #expect(metrics.opportunities[.missedExits] == 1)
    }

    @Test("no exit within missedAfter is one missed exit of one opportunity, and no latency sample")
    func missedExit() {
        let metrics = run(insideThenLeaving + [record(450, .didExitRegion(region: "store", lastPacket: nil))])
        #expect(metrics.counts[.missedExits] == 1)
        #expect(metrics.opportunities[.missedExits] == 1)
        #expect(metrics.latencies[.exitLatencyFromZone] == nil)
    }

    @Test("an exit later than missedAfter gives no sample to any exit latency and is counted late")
    func lateExitLeftOutOfEveryLatency() {
        let lastPacket = SimTime(nanoseconds: 95_000_000_000)
        let late = run(insideThenLeaving + [record(450, .didExitRegion(region: "store", lastPacket: lastPacket))])
        #expect(late.counts[.missedExits] == 1)
        #expect(late.counts[.lateExits] == 1)
        #expect(late.counts[.exits] == 1)
        #expect(late.latencies[.exitLatencyFromZone] == nil)
        #expect(late.latencies[.exitLatencyFromLastPacket] == nil)
        // The same exit with a longer missedAfter is on time: a sample for both latencies.
        let onTime = run(
            insideThenLeaving + [record(450, .didExitRegion(region: "store", lastPacket: lastPacket))], cutoff: 600)
        #expect(onTime.counts[.lateExits] == 0)
        #expect(onTime.latencies[.exitLatencyFromZone] == [350])
        #expect(onTime.latencies[.exitLatencyFromLastPacket] == [355])
    }

    @Test("a new exit opportunity after a missed one makes the next exit on time again")
    func lateExitOnlyAnswersTheMissedOne() {
        let metrics = run(
            insideThenLeaving + [
                record(500, .zoneEntered(zone: "store", atStart: false)),
                record(600, .zoneExited(zone: "store")),
                record(640, .didExitRegion(region: "store", lastPacket: SimTime(nanoseconds: 590_000_000_000))),
            ])
        #expect(metrics.counts[.missedExits] == 1)
        #expect(metrics.counts[.lateExits] == 0)
        #expect(metrics.latencies[.exitLatencyFromZone] == [40])
        #expect(metrics.latencies[.exitLatencyFromLastPacket] == [50])
    }

    @Test("returning to the zone before missedAfter withdraws the exit opportunity")
    func returnWithdraws() {
        let metrics = run(insideThenLeaving + [record(150, .zoneEntered(zone: "store", atStart: false))])
        #expect(metrics.opportunities[.missedExits] == 0)
        #expect(metrics.counts[.missedExits, default: 0] == 0)
    }

    @Test("leaving while the OS believes the phone outside offers no exit to miss")
    func noExitExpectedWhenOutside() {
        let metrics = run([
            record(0, .zoneEntered(zone: "store", atStart: true)),
            record(100, .zoneExited(zone: "store")),
        ])
        #expect(metrics.opportunities[.missedExits, default: 0] == 0)
    }

    @Test("an entry heard before the door gives a negative latency from the zone")
    func earlyEntry() {
        let metrics = run([
            record(10, .didEnterRegion(region: "store", firstPacket: SimTime(nanoseconds: 4_000_000_000))),
            record(25, .zoneEntered(zone: "store", atStart: false)),
        ])
        #expect(metrics.latencies[.entryLatencyFromZone] == [-15])
        #expect(metrics.latencies[.entryLatencyFromFirstPacket] == [6])
        #expect(metrics.counts[.entries] == 1)
    }

    @Test("an entry never told before the phone leaves again is a missed entry")
    func missedEntry() {
        let metrics = run([
            record(10, .zoneEntered(zone: "store", atStart: false)),
            record(60, .zoneExited(zone: "store")),
        ])
        #expect(metrics.counts[.missedEntries] == 1)
        #expect(metrics.opportunities[.missedEntries] == 1)
        #expect(metrics.missedEntryVisits == [visit(10, 60)])
    }

    func visit(_ entered: Double, _ exited: Double) -> RegionMetrics.MissedVisit {
        RegionMetrics.MissedVisit(
            zoneEntered: SimTime(nanoseconds: Int64(entered * 1e9)), zoneExited: SimTime(nanoseconds: Int64(exited * 1e9)))
    }

    @Test("the visits counted as missed entries are kept: an entry before a visit counts for it, an open visit once judged")
    func missedEntryVisits() {
        let records = [
            record(1, .didEnterRegion(region: "store", firstPacket: nil)),
            record(2, .zoneEntered(zone: "store", atStart: false)),
            record(3, .zoneExited(zone: "store")),
            record(4, .zoneEntered(zone: "store", atStart: false)),
            record(5, .zoneExited(zone: "store")),
            record(6, .zoneEntered(zone: "store", atStart: false)),
            record(7, .didEnterRegion(region: "store", firstPacket: nil)),
            record(8, .zoneExited(zone: "store")),
            record(9, .zoneEntered(zone: "store", atStart: false)),
        ]
        // 2–3 took the entry at 1 s; 6–8 was told at 7 s; 4–5 was never told; 9– is open at the end.
        let judged = run(records, end: 400)
        #expect(judged.missedEntryVisits == [visit(4, 5), visit(9, 400)])
        #expect(judged.counts[.missedEntries] == judged.missedEntryVisits.count)
        let early = run(records, end: 20)
        #expect(early.missedEntryVisits == [visit(4, 5)], "an open visit shorter than missedAfter is not judged")
        #expect(early.counts[.missedEntries] == early.missedEntryVisits.count)
    }

    @Test("a zone entry shortly before the end is not yet a missed entry")
    func entryTooLateToJudge() {
        let metrics = run([record(900, .zoneEntered(zone: "store", atStart: false))], end: 1000)
        #expect(metrics.counts[.missedEntries, default: 0] == 0)
        #expect(metrics.opportunities[.missedEntries] == 0)
    }

    @Test("an exit while inside the zone with the beacons on is a false exit")
    func falseExit() {
        let metrics = run([
            record(0, .zoneEntered(zone: "store", atStart: true)),
            record(50, .didExitRegion(region: "store", lastPacket: nil)),
        ])
        #expect(metrics.counts[.falseExits] == 1)
    }

    @Test("exit latency from power-off counts from the moment every beacon of the region is off")
    func powerOff() {
        let metrics = run([
            record(0, .zoneEntered(zone: "store", atStart: true)),
            record(1, .osRegionState(region: "store", state: .inside, reason: .initial)),
            record(60, .regionBeaconsOff(region: "store")),
            record(99.5, .didExitRegion(region: "store", lastPacket: nil)),
        ])
        #expect(metrics.latencies[.exitLatencyFromPowerOff] == [39.5])
        #expect(metrics.counts[.falseExits, default: 0] == 0)
    }

    @Test("screen-on to the didDetermineState it caused; a transition's didDetermineState does not count")
    func screenOnState() {
        let metrics = run([
            record(10, .userAction(action: .screenOn, value: nil)),
            record(10.5, .didDetermineState(region: "store", state: .outside, reason: .transition)),
            record(11.25, .didDetermineState(region: "store", state: .outside, reason: .screenOn)),
            record(20, .didDetermineState(region: "store", state: .outside, reason: .screenOn)),
        ])
        #expect(metrics.latencies[.stateLatencyFromScreenOn] == [1.25])
    }

    @Test("ranging intervals restart after the app is suspended")
    func rangingIntervals() {
        let metrics = run([
            record(1, .didRangeBeacons(region: "store", beacons: [])),
            record(2, .didRangeBeacons(region: "store", beacons: [])),
            record(3, .appStateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)),
            record(50, .didRangeBeacons(region: "store", beacons: [])),
            record(51, .didRangeBeacons(region: "store", beacons: [])),
        ])
        #expect(metrics.latencies[.rangingInterval] == [1, 1])
    }

    @Test("other regions' events are ignored")
    func otherRegion() {
        let metrics = run([
            record(0, .zoneEntered(zone: "store", atStart: true)),
            record(5, .didExitRegion(region: "cafe", lastPacket: nil)),
            record(6, .monitoringDidFail(region: "cafe", reason: .regionLimit(20))),
        ])
        #expect(metrics.counts == [.lateExits: 0])  // lateExits is always reported, 0 here
    }
}
