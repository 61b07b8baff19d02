// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

@Suite("Cycle phases")
struct CycleGridTests {
    let grid = CycleGrid(period: .seconds(1), phase: 0.25)

    @Test("a grid sits at its phase: ticks at 0.25 s + k s")
    func ticks() {
        #expect(grid.offset == .milliseconds(250))
        #expect(grid.atOrAfter(.seconds(3.25)) == .seconds(3.25))
        #expect(grid.atOrAfter(.seconds(3.3)) == .seconds(4.25))
        #expect(grid.after(.seconds(3.25)) == .seconds(4.25))
        #expect(grid.atOrAfter(.zero) == .seconds(0.25))
    }

    @Test("a wait of one period ends at the next tick, so it lies in (0, period]")
    func ending() {
        #expect(grid.ending(.seconds(1), from: .seconds(10)) == .seconds(10.25))
        #expect(grid.ending(.seconds(1), from: .seconds(10.25)) == .seconds(11.25))
        #expect(grid.ending(.seconds(3), from: .seconds(10)) == .seconds(12.25))
        #expect(grid.ending(.zero, from: .seconds(10)) == .seconds(10.25))
    }

    @Test("the processing cycle of a monitor follows its phase: foreground entry at the phone's next tick")
    func monitorPhase() {
        var monitor = RegionMonitor(
            profile: .iOS, random: RandomStream(seed: 1, replication: 0, label: "t"), cyclePhase: 0.5)
        _ = monitor.startMonitoring(Fixtures.store, at: .zero)
        _ = monitor.effects(until: .seconds(2), mode: .foreground)
        monitor.observe(Fixtures.beaconA, at: .seconds(10.25), mode: .foreground)
        #expect(monitor.effects(until: .seconds(12), mode: .foreground).map(\.0) == [.seconds(10.5)])
    }

    @Test("ABL: the first cycles sit at the phone's phase; a later mode change restarts them at that instant")
    func scannerPhase() {
        let foreground = ScanContext(
            foreground: true, screenOn: true, ranging: false, anyRegionInside: false, bluetoothOn: true, monitoring: true)
        var scan = ScanScheduler(
            profile: .androidABL, random: RandomStream(seed: 1, replication: 0, label: "scan"), context: foreground,
            at: .zero, cyclePhase: 0.5)
        #expect(scan.nextCycleEnd == .seconds(0.55))  // cycles end at 0.55 + k·1.1 s
        var background = foreground
        background.foreground = false
        scan.update(background, at: .seconds(7))
        scan.update(foreground, at: .seconds(100))
        #expect(scan.nextCycleEnd == .seconds(101.1))  // the cycle restarted at 100 s (setScanPeriods)
    }

    @Test("ABL background: the filtered low-power scan starts when a main cycle ends")
    func filteredStartsAtCycleEnd() {
        let background = ScanContext(
            foreground: false, screenOn: false, ranging: false, anyRegionInside: false, bluetoothOn: true, monitoring: true)
        let scan = ScanScheduler(
            profile: .androidABL, random: RandomStream(seed: 1, replication: 0, label: "scan"), context: background,
            at: .seconds(21.3))
        // The 10 s scan runs 21.3–31.3 s; the 500/5000 ms filtered scan listens from 31.3 s.
        #expect(scan.schedule?.isFilteredOnly(at: .seconds(31.5)) == true)
        #expect(scan.schedule?.isListening(at: .seconds(32)) == false)
        #expect(scan.schedule?.isFilteredOnly(at: .seconds(36.5)) == true)
    }
}
