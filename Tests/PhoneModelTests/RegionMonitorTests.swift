// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

@Suite("RegionMonitor")
struct RegionMonitorTests {
    typealias F = Fixtures

    @Test("initial state: inside when heard before the determination, with didDetermineState only")
    func initialInside() {
        var monitor = F.monitor()
        let value1 = monitor.startMonitoring(F.store, at: .zero)
        #expect(value1.isEmpty)
        monitor.observe(F.beaconA, at: F.s(0.3), mode: .foreground)
        let effects = monitor.effects(until: F.s(1), mode: .foreground)
        #expect(effects.count == 1)
        #expect(effects.first?.0 == F.s(1))
        #expect(effects.first?.1 == .determinedState(F.store, .inside, reason: .initial))
    }

    @Test("initial state: outside when nothing is heard")
    func initialOutside() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        let found = monitor.effects(until: F.s(5), mode: .background)
        #expect(found.map(\.1) == [.determinedState(F.store, .outside, reason: .initial)])
    }

    @Test("foreground entry is reported at the next 1 s processing cycle")
    func foregroundEntry() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        _ = monitor.effects(until: F.s(2), mode: .foreground)
        monitor.observe(F.beaconA, at: F.s(10.25), mode: .foreground)
        let effects = monitor.effects(until: F.s(12), mode: .foreground)
        #expect(effects.map(\.0) == [F.s(11)])
        #expect(effects.map(\.1) == [.transition(F.store, to: .inside, firstSeen: F.s(10.25), lastSeen: F.s(10.25))])
    }

    @Test("foreground exit: 30 s after the last packet, at a cycle boundary")
    func foregroundExit() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .foreground)
        _ = monitor.effects(until: F.s(1), mode: .foreground)
        for t in stride(from: 1.1, through: 20.1, by: 1.0) { monitor.observe(F.beaconA, at: F.s(t), mode: .foreground) }
        let effects = monitor.effects(until: F.s(100), mode: .foreground)
        #expect(effects.map(\.0) == [F.s(51)])
        #expect(effects.map(\.1) == [.transition(F.store, to: .outside, firstSeen: nil, lastSeen: F.s(20.1))])
    }

    @Test("background exit with a fixed extra delay lands at last packet + 30 s + extra")
    func backgroundExitFixed() {
        var monitor = F.monitor { filter in
            filter.exitDelay = DelayDistribution(median: .seconds(7), logSD: 0, minimum: .zero, maximum: .seconds(600))
            filter.missedExitProbability = 0
        }
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .background)
        _ = monitor.effects(until: F.s(1), mode: .background)
        monitor.observe(F.beaconA, at: F.s(40), mode: .background)
        let effects = monitor.effects(until: F.s(500), mode: .background)
        #expect(effects.map(\.0) == [F.s(77)])
        #expect(effects.map(\.1) == [.transition(F.store, to: .outside, firstSeen: nil, lastSeen: F.s(40))])
    }

    @Test("the drawn background exit delay is kept for the transition it decided; none in the foreground")
    func drawnExitDelay() {
        var monitor = F.monitor { filter in
            filter.exitDelay = DelayDistribution(median: .seconds(7), logSD: 0, minimum: .zero, maximum: .seconds(600))
            filter.missedExitProbability = 0
        }
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .background)
        _ = monitor.effects(until: F.s(1), mode: .background)
        #expect(monitor.drawnDelay(of: "store", toward: .outside) == nil)
        _ = monitor.effects(until: F.s(500), mode: .background)
        let delay = monitor.drawnDelay(of: "store", toward: .outside)
        #expect(delay?.kind == .backgroundExitDelay)
        #expect(delay?.duration == .seconds(7))
        #expect(delay?.distribution == "truncated log-normal (median 7 s, log-SD 0.0, 0 s…600 s)")
        monitor.observe(F.beaconA, at: F.s(501), mode: .foreground)
        _ = monitor.effects(until: F.s(600), mode: .foreground)
        #expect(monitor.drawnDelay(of: "store", toward: .inside) == nil, "a foreground entry draws no delay")
        #expect(monitor.drawnDelay(of: "store", toward: .outside) == nil, "a foreground exit draws no delay")
    }

    @Test("a region beyond the hardware slots exits at a software scan: its drawn phase is kept for the transition")
    func softwareScanExitPhase() throws {
        var profile = OSProfile.iOS
        var filter = OSProfile.iOSHardwareFilter
        filter.slots = 0
        profile.monitoring = .coreLocation(
            CoreLocationMonitoring(softwareScan: OSProfile.iOSSoftwareScan, hardwareFilter: filter))
        var monitor = RegionMonitor(
            profile: profile, random: RandomStream(seed: 1, replication: 0, label: "test"), softwareScanAnchor: F.s(300))
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .foreground)  // the software scan would not hear it now
        _ = monitor.effects(until: F.s(2), mode: .foreground)
        let found = monitor.effects(until: F.s(1300), mode: .background)
        // The exit check at 31 s waits for the scan at 300 s, which reports the absence 3 s in.
        #expect(found.map(\.0) == [F.s(303)])
        let delay = try #require(monitor.drawnDelay(of: "store", toward: .outside))
        #expect(delay.kind == .softwareScanPhase && delay.duration == .seconds(300))
        #expect(delay.distribution == "uniform (0 s…900 s)")
        #expect(delay.endsAt == F.s(300) && delay.quietSince == .zero)
    }

    @Test("a packet during the background confirmation delay cancels the exit")
    func backgroundExitCancelled() {
        var monitor = F.monitor { filter in
            filter.exitDelay = DelayDistribution(median: .seconds(10), logSD: 0, minimum: .zero, maximum: .seconds(600))
            filter.missedExitProbability = 0
        }
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .background)
        _ = monitor.effects(until: F.s(35), mode: .background)  // hysteresis ran out at 30.5; confirm due at 40.5
        monitor.observe(F.beaconA, at: F.s(36), mode: .background)
        let found = monitor.effects(until: F.s(60), mode: .background)
        #expect(found.isEmpty)
        #expect(monitor.state(of: "store") == .inside)
    }

    @Test("with missedExitProbability 1 the exit is lost and the region stays inside")
    func missedExit() {
        var monitor = F.monitor { (filter: inout HardwareFilter) in filter.missedExitProbability = 1 }
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .background)
        let effects = monitor.effects(until: F.s(1000), mode: .background).map(\.1)
        #expect(effects == [.determinedState(F.store, .inside, reason: .initial), .exitLost(F.store, lastSeen: F.s(0.5))])
        #expect(monitor.state(of: "store") == .inside)
    }

    /// Radius 2015: entries 1–12 s, means 1–7 s. The fitted log-normal has median 4 s; the sample
    /// median of n = 400 draws has SD ≈ 1.25·σ·median/√n ≈ 0.17 s, so ±0.7 s is over 4 SDs.
    @Test("background hardware-assisted entry delays lie in [1, 15] s with median ≈ 4 s")
    func backgroundEntryDistribution() {
        var delays: [Double] = []
        for seed in 1...400 {
            var monitor = F.monitor(seed: UInt64(seed))
            _ = monitor.startMonitoring(F.store, at: .zero)
            _ = monitor.effects(until: F.s(2), mode: .background)
            monitor.observe(F.beaconA, at: F.s(100), mode: .background)
            guard let entry = monitor.effects(until: F.s(200), mode: .background).first else { continue }
            delays.append((entry.0 - F.s(100)).seconds)
        }
        #expect(delays.count == 400)
        #expect(delays.allSatisfy { $0 >= 1 && $0 <= 15 })
        let median = SampleSummary(delays).quantile(0.5) ?? 0
        #expect(abs(median - 4) < 0.7)
    }

    @Test("a UUID-only region spans two beacons: walking between them gives no exit")
    func partiallyQualifiedRegion() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .foreground)
        _ = monitor.effects(until: F.s(1), mode: .foreground)
        for t in stride(from: 2.0, through: 100, by: 1) {
            monitor.observe(t < 50 ? F.beaconA : F.beaconB, at: F.s(t), mode: .foreground)
            let found = monitor.effects(until: F.s(t), mode: .foreground)
            #expect(found.isEmpty)
        }
    }

    @Test("a region constrained to minor 1 ignores minor 2")
    func fullyQualifiedRegion() {
        var monitor = F.monitor()
        let exact = RegionDefinition(identifier: "a", uuid: F.uuid, major: 1, minor: 1)
        _ = monitor.startMonitoring(exact, at: .zero)
        monitor.observe(F.beaconB, at: F.s(0.5), mode: .foreground)
        let found = monitor.effects(until: F.s(2), mode: .foreground)
        #expect(found.map(\.1) == [.determinedState(exact, .outside, reason: .initial)])
    }

    @Test("the 21st region fails with monitoringFailed (per-app limit 20)")
    func regionLimit() {
        var monitor = F.monitor()
        for index in 0..<20 {
            let value2 = monitor.startMonitoring(RegionDefinition(identifier: "r\(index)", uuid: F.uuid), at: .zero)
            #expect(value2.isEmpty)
        }
        let extra = RegionDefinition(identifier: "r20", uuid: F.uuid)
        let effects = monitor.startMonitoring(extra, at: .zero)
        #expect(effects.count == 1)
        if case .monitoringFailed(let region, _) = effects.first {
            #expect(region == extra)
        } else {
            Issue.record("expected a failure")
        }
        #expect(monitor.monitoredRegions.count == 20)
    }

    @Test("screen-on reports inside regions with notifyEntryStateOnDisplay after 1 s, and nothing when outside")
    func screenOn() {
        var flagged = F.store
        flagged.notifyEntryStateOnDisplay = true
        var monitor = F.monitor()
        _ = monitor.startMonitoring(flagged, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .background)
        _ = monitor.effects(until: F.s(1), mode: .background)
        monitor.screenTurnedOn(at: F.s(5))
        let found = monitor.effects(until: F.s(7), mode: .background)
        #expect(found.map(\.0) == [F.s(6)])

        var outside = F.monitor()
        _ = outside.startMonitoring(flagged, at: .zero)
        _ = outside.effects(until: F.s(1), mode: .background)
        outside.screenTurnedOn(at: F.s(5))
        let none = outside.effects(until: F.s(7), mode: .background)
        #expect(none.isEmpty)
    }

    @Test("requestState answers at the next cycle")
    func requestState() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        _ = monitor.effects(until: F.s(1), mode: .foreground)
        monitor.requestState("store", at: F.s(3.2))
        let found = monitor.effects(until: F.s(5), mode: .foreground)
        #expect(found.map(\.0) == [F.s(4)])
    }

    @Test("without hardware assist, background packets outside the software scan window are not seen")
    func softwareScanWindow() {
        var monitor = F.monitor { $0 = .iOS70 }
        _ = monitor.startMonitoring(F.store, at: .zero)
        _ = monitor.effects(until: F.s(2), mode: .background)
        monitor.observe(F.beaconA, at: F.s(60), mode: .background)  // window is [0, 10) s of every 15 min
        let before = monitor.effects(until: F.s(120), mode: .background)
        #expect(before.isEmpty)
        monitor.observe(F.beaconA, at: F.s(900.5), mode: .background)
        let found = monitor.effects(until: F.s(902), mode: .background)
        #expect(found.map(\.0) == [F.s(901)])
    }

    @Test("an advertising event's packets observed at once count as observed one by one", arguments: [1, 70])
    func eventObserve(regionCount: Int) {
        // One hardware slot: the first region is assisted, the others wait for software scans in
        // the background, so packets of one event can count for one region and not another.
        var batch = F.monitor { filter in filter.slots = 1 }
        var single = F.monitor { filter in filter.slots = 1 }  // its own stream, with the same seed
        let regions = (0..<regionCount).map { index in
            RegionDefinition(
                identifier: "r\(index)", uuid: F.uuid, major: index % 3 == 2 ? 2 : 1, minor: index % 2 == 0 ? nil : 2)
        }
        for region in regions {
            _ = batch.startMonitoring(region, at: .zero)
            _ = single.startMonitoring(region, at: .zero)
        }
        var (batchEffects, singleEffects): ([(SimTime, RegionEffect)], [(SimTime, RegionEffect)]) = ([], [])
        for event in 0..<800 {
            let start = SimTime(nanoseconds: Int64(event) * 1_300_000_000 + Int64(event % 7) * 100_000_000)
            let mode: MonitoringMode = event % 200 < 100 ? .background : .foreground
            batchEffects += batch.effects(until: start, mode: mode)
            singleEffects += single.effects(until: start, mode: mode)
            guard event % 60 < 20 else { continue }  // 52 s silences: regions exit and enter again
            let identity = event % 3 == 0 ? F.beaconA : F.beaconB
            let times = (0..<(1 + event % 3)).map { start + .nanoseconds(Int64($0) * 400_000) }
            var packets = EventPackets()
            for time in times { packets.append(rssi: -70, time: time) }
            batch.observe(identity, packets: packets, mode: mode)
            for time in times { single.observe(identity, at: time, mode: mode) }
        }
        batchEffects += batch.effects(until: .seconds(1_200), mode: .background)
        singleEffects += single.effects(until: .seconds(1_200), mode: .background)
        #expect(batchEffects.count > 4 * min(regionCount, 20))  // entries and exits, not only initial states
        #expect(batchEffects.map(\.0) == singleEffects.map(\.0))
        #expect(batchEffects.map(\.1) == singleEffects.map(\.1))
    }

    @Test("an event astride the software scan window's edge counts only the packets inside it")
    func eventAstrideSoftwareScanEdge() {
        // No hardware slot: in the background only packets in the software scan, [900, 910) s of
        // every 15 min, count. Each event's packets are 0.4 ms apart across an edge of the window.
        var batch = F.monitor { filter in filter.slots = 0 }
        var single = F.monitor { filter in filter.slots = 0 }
        _ = batch.startMonitoring(F.store, at: .zero)
        _ = single.startMonitoring(F.store, at: .zero)
        var (batchEffects, singleEffects): ([(SimTime, RegionEffect)], [(SimTime, RegionEffect)]) = ([], [])
        for start in [F.s(0.5), SimTime(nanoseconds: 899_999_600_000), SimTime(nanoseconds: 909_999_600_000)] {
            batchEffects += batch.effects(until: start, mode: .background)
            singleEffects += single.effects(until: start, mode: .background)
            let times = (0..<3).map { start + .nanoseconds(Int64($0) * 400_000) }
            var packets = EventPackets()
            for time in times { packets.append(rssi: -70, time: time) }
            batch.observe(F.beaconA, packets: packets, mode: .background)
            for time in times { single.observe(F.beaconA, at: time, mode: .background) }
        }
        batchEffects += batch.effects(until: .seconds(2_000), mode: .background)
        singleEffects += single.effects(until: .seconds(2_000), mode: .background)
        // Inside from the start; the exit reports the last packet inside the window.
        #expect(singleEffects.last?.1 == .transition(F.store, to: .outside, firstSeen: nil, lastSeen: F.s(909.9996)))
        #expect(batchEffects.map(\.0) == singleEffects.map(\.0))
        #expect(batchEffects.map(\.1) == singleEffects.map(\.1))
    }

    @Test("a transmitter's regions are remembered: re-matched when it carries another identity or the regions change")
    func sourceMatches() {
        let a = RegionDefinition(identifier: "a", uuid: F.uuid, major: 1, minor: 1)
        let b = RegionDefinition(identifier: "b", uuid: F.uuid, major: 1, minor: 2)
        var remembering = F.monitor()
        var matching = F.monitor()
        for region in [a, b] {
            _ = remembering.startMonitoring(region, at: .zero)
            _ = matching.startMonitoring(region, at: .zero)
        }
        let initial = remembering.effects(until: F.s(2), mode: .foreground)  // both outside
        #expect(initial.map(\.1) == matching.effects(until: F.s(2), mode: .foreground).map(\.1) && initial.count == 2)
        var effects: [[RegionEffect]] = []
        func hear(_ identity: IBeaconIdentity, at seconds: Double) {
            let packets = EventPackets(rssi: -70, time: F.s(seconds))
            remembering.observe(identity, source: 0, packets: packets, mode: .foreground)
            matching.observe(identity, packets: packets, mode: .foreground)
            let found = remembering.effects(until: F.s(seconds + 1), mode: .foreground)
            #expect(found.map(\.1) == matching.effects(until: F.s(seconds + 1), mode: .foreground).map(\.1))
            effects.append(found.map(\.1))
        }
        hear(F.beaconA, at: 2.25)
        hear(F.beaconB, at: 4.25)  // the same transmitter, now carrying B
        remembering.stopMonitoring("a")
        matching.stopMonitoring("a")
        let c = RegionDefinition(identifier: "c", uuid: F.uuid, major: 2)
        _ = remembering.startMonitoring(c, at: F.s(5))
        _ = matching.startMonitoring(c, at: F.s(5))
        hear(F.beaconB, at: 6.25)  // the tracks moved: b first, then c, which B does not match
        #expect(effects[0].contains(.transition(a, to: .inside, firstSeen: F.s(2.25), lastSeen: F.s(2.25))))
        #expect(effects[1].contains(.transition(b, to: .inside, firstSeen: F.s(4.25), lastSeen: F.s(4.25))))
        #expect(!effects[1].contains { if case .transition(a, _, _, _) = $0 { true } else { false } })
        #expect(effects[2] == [.determinedState(c, .outside, reason: .initial)])
    }
}
