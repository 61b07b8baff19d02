// SPDX-License-Identifier: GPL-3.0-or-later
import BLEAdvertising
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

@Suite("ScanScheduler")
struct ScanSchedulerTests {
    func context(
        foreground: Bool = false, screenOn: Bool = false, ranging: Bool = false, inside: Bool = false,
        bluetooth: Bool = true
    ) -> ScanContext {
        ScanContext(
            foreground: foreground, screenOn: screenOn, ranging: ranging, anyRegionInside: inside, bluetoothOn: bluetooth,
            monitoring: true)
    }

    func scheduler(_ profile: OSProfile, _ context: ScanContext, seed: UInt64 = 1) -> ScanScheduler {
        ScanScheduler(
            profile: profile, random: RandomStream(seed: seed, replication: 0, label: "scan"), context: context, at: .zero)
    }

    @Test("iOS: continuous in the foreground and, hardware-assisted, in the background; off without Bluetooth")
    func iOS() {
        var scan = scheduler(.iOS, context(foreground: true))
        #expect(scan.schedule?.isListening(at: .seconds(12.34)) == true)
        scan.update(context(), at: .seconds(20))
        #expect(scan.schedule?.isListening(at: .seconds(33.3)) == true)
        #expect(scan.nextDeadline == nil)
        scan.update(context(bluetooth: false), at: .seconds(40))
        #expect(scan.schedule == nil)
    }

    @Test("iOS 7.0 background: only the 10 s software scan every 15 minutes, at a random phase per phone")
    func iOS70() {
        let scan = scheduler(.iOS70, context())
        let anchor = scan.softwareScanAnchor
        #expect(anchor >= .zero && anchor < .seconds(900))
        #expect(scan.schedule?.isListening(at: anchor + .seconds(5)) == true)
        #expect(scan.schedule?.isListening(at: anchor + .seconds(60)) == false)
        #expect(scan.schedule?.isListening(at: anchor + .seconds(905)) == true)
        #expect(scheduler(.iOS70, context(), seed: 2).softwareScanAnchor != anchor)
    }

    @Test("ABL foreground: 1.1 s cycles, each end reported once")
    func ablForeground() {
        var scan = scheduler(.androidABL, context(foreground: true))
        #expect(scan.nextDeadline == SimTime(nanoseconds: 1_100_000_000))
        let ends = scan.advance(to: .seconds(3.5))
        #expect(ends == [1_100_000_000, 2_200_000_000, 3_300_000_000].map { SimTime(nanoseconds: $0) })
        #expect(scan.nextDeadline == SimTime(nanoseconds: 4_400_000_000))
    }

    @Test("ABL background: 10 s every 310 s, plus the filtered low-power scan while no region is inside")
    func ablBackground() {
        var scan = scheduler(.androidABL, context())
        let schedule = scan.schedule
        #expect(schedule?.isGateOpen(at: .seconds(5)) == true)
        #expect(schedule?.isGateOpen(at: .seconds(100)) == false)
        #expect(schedule?.isFilteredOnly(at: .seconds(100.2)) == true)  // 500 ms of every 5 s
        #expect(schedule?.isListening(at: .seconds(101)) == false)
        #expect(scan.nextDeadline == .seconds(10))
        scan.update(context(inside: true), at: .seconds(50))
        #expect(scan.schedule?.filtered == nil)
    }

    @Test("a filtered-scan hit opens a 10 s detection window whose end is a cycle end, then cycles resume")
    func detectionWindow() {
        var scan = scheduler(.androidABL, context())
        _ = scan.advance(to: .seconds(11))
        scan.filteredHit(at: .seconds(100.2))
        #expect(scan.schedule?.isGateOpen(at: .seconds(105)) == true)
        #expect(scan.nextDeadline == .seconds(110.2))
        #expect(scan.advance(to: .seconds(111)) == [.seconds(110.2)])
        #expect(scan.schedule?.isGateOpen(at: .seconds(115)) == true)  // a new 10 s cycle from 110.2 s
        #expect(scan.schedule?.isGateOpen(at: .seconds(130)) == false)
    }

    /// Android 8+: jobs spaced uniformly in [5, 25] min; over many jobs the mean gap is ≈ 15 min.
    @Test("Android 8 job scheduling: one 10 s window per job, gaps within [5, 25] min")
    func jobs() {
        var scan = scheduler(.androidABL8, context(inside: true))
        var ends: [SimTime] = []
        var now = SimTime.zero
        while ends.count < 200, let next = scan.nextDeadline {
            now = next
            ends += scan.advance(to: now)
        }
        let gaps = zip(ends.dropFirst(), ends).map { ($0 - $1).seconds }
        #expect(gaps.allSatisfy { $0 >= 300 - 1e-6 && $0 <= 1500 + 1e-6 })
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        // Uniform(300, 1500): SD 346 s; the mean of 199 gaps has SD 24.5 s; tolerance 5 SDs.
        #expect(abs(mean - 900) < 125)
    }

    @Test("Nearby: no background scan until the screen lights, then a low-power scan for 10 s")
    func nearby() {
        var scan = scheduler(.nearby, context())
        #expect(scan.schedule?.isListening(at: .seconds(5)) == false)
        scan.update(context(screenOn: true), at: .seconds(60))
        #expect(scan.schedule?.isListening(at: .seconds(60.05)) == true)  // 140 ms of every 1.4 s
        #expect(scan.schedule?.isListening(at: .seconds(60.5)) == false)
        #expect(scan.schedule?.isListening(at: .seconds(71)) == false)
        #expect(scan.advance(to: .seconds(80)) == [.seconds(70)])
    }

    @Test("Android 7 throttle: beyond 5 scan starts per 30 s the windows are withheld")
    func throttle() {
        var profile = OSProfile.androidABL
        profile.foregroundScan = ScanDuty(window: .seconds(1), interval: .seconds(2))
        let scan = scheduler(profile, context(foreground: true))
        let open = (0..<15).map { scan.schedule?.isListening(at: .seconds(Double(2 * $0) + 0.5)) ?? false }
        #expect(open == [true, true, true, true, true] + Array(repeating: false, count: 10))
        #expect(scan.schedule?.isListening(at: .seconds(30.5)) == true)  // the next 30 s period
    }
}

@Suite("RegionMonitor, scan-cycle style and Bluetooth")
struct ScanCycleMonitorTests {
    typealias F = Fixtures

    @Test("ABL: entry at the first detection; exit at the first cycle end more than 10 s after the last packet")
    func ablEntryExit() {
        var monitor = F.monitor { $0 = .androidABL }
        _ = monitor.startMonitoring(F.store, at: .zero)
        _ = monitor.effects(until: F.s(2), mode: .foreground)
        monitor.observe(F.beaconA, at: F.s(20.3), mode: .foreground)
        let entry = monitor.effects(until: F.s(20.3), mode: .foreground)
        #expect(entry.map(\.0) == [F.s(20.3)])
        #expect(monitor.cycleEnded(at: F.s(30.2)).isEmpty)  // 9.9 s
        let exit = monitor.cycleEnded(at: F.s(31.4))
        #expect(exit == [.transition(F.store, to: .outside, firstSeen: nil, lastSeen: F.s(20.3))])
    }

    @Test("CoreLocation-style monitors ignore cycle ends")
    func iOSIgnoresCycles() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .foreground)
        _ = monitor.effects(until: F.s(1), mode: .foreground)
        #expect(monitor.cycleEnded(at: F.s(100)).isEmpty)
    }

    @Test("Bluetooth off makes every state unknown; back on, the state is determined with no transition")
    func bluetooth() {
        var monitor = F.monitor()
        _ = monitor.startMonitoring(F.store, at: .zero)
        monitor.observe(F.beaconA, at: F.s(0.5), mode: .foreground)
        _ = monitor.effects(until: F.s(1), mode: .foreground)
        #expect(monitor.bluetoothChanged(on: false, at: F.s(10)) == [.determinedState(F.store, .unknown, reason: .bluetoothOff)])
        #expect(monitor.state(of: "store") == .unknown)
        #expect(monitor.bluetoothChanged(on: true, at: F.s(20)).isEmpty)
        monitor.observe(F.beaconA, at: F.s(20.4), mode: .foreground)
        let found = monitor.effects(until: F.s(30), mode: .foreground)
        #expect(found.map(\.1) == [.determinedState(F.store, .inside, reason: .bluetoothOn)])
    }

    @Test("ABL ranging averages 20 s of samples, trimming the extremes")
    func runningAverage() throws {
        var ranging = RangingEstimator(profile: .androidABL)
        // 12 samples: n/10 + 1 = 2 dropped at each end.
        for (index, rssi) in [-90, -40, -70, -70, -70, -70, -72, -68, -70, -70, -100, -30].enumerated() {
            ranging.record(source: 0, identity: F.beaconA, rssi: rssi, measuredPower: -59, at: F.s(Double(index)))
        }
        let beacon = try #require(ranging.beacons(in: F.store, at: F.s(12)).first)
        #expect(beacon.rssi == -70)
    }
}

@Suite("Android OS scan modes")
struct AndroidOSScanModeTests {
    func schedule(_ profile: OSProfile, foreground: Bool, screenOn: Bool) -> ListeningSchedule? {
        ScanScheduler(
            profile: profile, random: RandomStream(seed: 1, replication: 0, label: "scan"),
            context: ScanContext(
                foreground: foreground, screenOn: screenOn, ranging: false, anyRegionInside: false,
                bluetoothOn: true, monitoring: true), at: .zero
        ).schedule
    }

    /// Fraction of 1 ms steps over `milliseconds` (a whole number of scan intervals) in which the
    /// radio listens.
    func duty(_ schedule: ListeningSchedule?, over milliseconds: Int) -> Double {
        let steps = milliseconds
        let open = (0..<steps).filter { schedule?.isListening(at: SimTime(nanoseconds: Int64($0) * 1_000_000)) ?? false }.count
        return Double(open) / Double(steps)
    }

    @Test("foreground duty cycles follow the AOSP modes: 100 %, 25 %, 10 %")
    func foregroundModes() {
        #expect(abs(duty(schedule(.androidLowLatency, foreground: true, screenOn: true), over: 10_000) - 1.0) < 0.001)
        #expect(abs(duty(schedule(.androidBalanced, foreground: true, screenOn: true), over: 14_600) - 183.0 / 730) < 0.001)
        #expect(abs(duty(schedule(.androidLowPower, foreground: true, screenOn: true), over: 14_000) - 0.1) < 0.001)
    }

    @Test("in the background the OS forces LOW_POWER with the screen on and SCREEN_OFF (5 %) with it off")
    func backgroundPolicy() {
        #expect(abs(duty(schedule(.androidLowLatency, foreground: false, screenOn: true), over: 14_000) - 0.1) < 0.001)
        #expect(abs(duty(schedule(.androidLowLatency, foreground: false, screenOn: false), over: 20_480) - 0.05) < 0.001)
    }
}

@Suite("Hardware-filter slots")
struct HardwareSlotTests {
    @Test("regions beyond the system-wide hardware slots wait for the software scan in the background")
    func beyondSlots() {
        var monitor = Fixtures.monitor { (filter: inout HardwareFilter) in filter.slots = 1 }
        let first = RegionDefinition(identifier: "first", uuid: Fixtures.uuid, major: 1)
        let second = RegionDefinition(identifier: "second", uuid: Fixtures.other)
        _ = monitor.startMonitoring(first, at: .zero)
        _ = monitor.startMonitoring(second, at: .zero)
        _ = monitor.effects(until: .seconds(2), mode: .background)
        monitor.observe(Fixtures.beaconA, at: .seconds(60), mode: .background)
        monitor.observe(IBeaconIdentity(uuid: Fixtures.other, major: 1, minor: 1), at: .seconds(60), mode: .background)
        let effects = monitor.effects(until: .seconds(80), mode: .background)
        // Only the hardware-assisted region enters (1–15 s later); the other's packet fell outside
        // the software window.
        #expect(effects.count == 1)
        if case .transition(let region, _, _, _) = effects.first?.1 { #expect(region.identifier == "first") }
    }
}
