// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSim
import PhoneModel
import Reporting
import SimulationCore
import Testing

@Suite("listen's live lines")
struct LiveConsoleTests {
    @Test("a line per region event with its time and details; ranging and app state are not shown")
    func lines() {
        let enter = TraceRecord(
            time: SimTime(nanoseconds: 12_500_000_000), phone: "p",
            event: .didEnterRegion(region: "store", firstPacket: SimTime(nanoseconds: 10_000_000_000)))
        #expect(LiveConsole.line(enter) == "12.5 s  didEnterRegion  store  firstPacketAt 10.0 s")
        let ranging = TraceRecord(time: .zero, phone: "p", event: .didRangeBeacons(region: "store", beacons: []))
        #expect(LiveConsole.line(ranging) == nil)
    }

    @Test("a summary every interval: totals, and per beacon heard since the last summary its packets and mean RSSI")
    func summaries() {
        var console = LiveConsole(interval: .seconds(10))
        console.report(iBeacon: "FDA50693…/1/1", rssi: -60)
        console.report(iBeacon: "FDA50693…/1/1", rssi: -70)
        console.report(iBeacon: nil, rssi: nil)
        #expect(console.summary(at: SimTime(nanoseconds: 9_000_000_000)) == nil)
        let first = console.summary(at: SimTime(nanoseconds: 10_000_000_000))
        #expect(first == "10.0 s  summary: 3 reports, 2 iBeacon; heard FDA50693…/1/1 ×2 mean -65.0 dBm in the last 10 s")
        #expect(console.summary(at: SimTime(nanoseconds: 15_000_000_000)) == nil)
        #expect(console.summary(at: SimTime(nanoseconds: 20_000_000_000))?.hasSuffix("no iBeacon heard in the last 10 s") == true)
    }

    @Test("a new identity per report: at most 1,000 beacons tallied per interval, 20 named, the rest counted")
    func newIdentityPerReport() {
        var console = LiveConsole(interval: .seconds(10))
        for index in 0..<100_000 { console.report(iBeacon: "id-\(index)", rssi: -70) }
        let line = console.summary(at: SimTime(nanoseconds: 10_000_000_000)) ?? ""
        #expect(line.contains("100000 iBeacon"))
        #expect(line.contains("id-19 ×1") && !line.contains("id-20 ×1"))
        #expect(line.contains("980+ more beacons"), "\(line)")
        // The tally starts again: one beacon after the summary is the only one named.
        console.report(iBeacon: "again", rssi: -60)
        #expect(console.summary(at: SimTime(nanoseconds: 20_000_000_000))?.contains("heard again ×1 mean -60.0 dBm in") == true)
    }
}
