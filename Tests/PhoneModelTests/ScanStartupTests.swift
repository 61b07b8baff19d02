// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

/// Scan start-up (the device's `startupDeadTime`): a scan the scheduler (re)starts delivers nothing
/// for the dead time; the scan already running when the run begins does not start up; the periodic
/// background cycles of scan-cycle apps restart the scan every cycle; with no dead time nothing
/// changes (source of the effect: the UJI survey, docs/radio-model.md "Scan start-up").
@Suite("Scan start-up")
struct ScanStartupTests {
    func context(foreground: Bool = false, screenOn: Bool = false) -> ScanContext {
        ScanContext(
            foreground: foreground, screenOn: screenOn, ranging: false, anyRegionInside: false, bluetoothOn: true,
            monitoring: true)
    }

    func scheduler(_ profile: OSProfile, _ context: ScanContext, dead: SimDuration) -> ScanScheduler {
        ScanScheduler(
            profile: profile, random: RandomStream(seed: 1, replication: 0, label: "scan"), context: context, at: .zero,
            startupDeadTime: dead)
    }

    @Test("a schedule's start-up: nothing before deadUntil, and the span ends there")
    func deadUntil() {
        let schedule = ListeningSchedule(gate: .continuous, deadUntil: .seconds(10.8))
        #expect(!schedule.isListening(at: .seconds(10)))
        #expect(!schedule.isListening(at: .seconds(10.799)))
        #expect(schedule.isListening(at: .seconds(10.8)))
        let span = schedule.span(at: .seconds(10))
        #expect(!span.listening && span.until == SimTime.seconds(10.8).nanoseconds)
    }

    @Test("a restarting pattern: nothing in the first dead time of each window, spans split there")
    func windowDeadTime() {
        let gate = ScanPattern(window: SimDuration(seconds: 10), interval: SimDuration(seconds: 300))
        let schedule = ListeningSchedule(gate: gate, windowDeadTime: SimDuration(seconds: 0.8))
        for cycle in 0..<3 {
            let start = SimTime.seconds(300 * Double(cycle))
            #expect(!schedule.isGateOpen(at: start + SimDuration(seconds: 0.5)))
            #expect(schedule.isGateOpen(at: start + SimDuration(seconds: 0.8)))
            #expect(schedule.isGateOpen(at: start + SimDuration(seconds: 9.9)))
            #expect(!schedule.isGateOpen(at: start + SimDuration(seconds: 10)))
            #expect(schedule.span(at: start + SimDuration(seconds: 0.2)).until == (start + SimDuration(seconds: 0.8)).nanoseconds)
        }
        // A continuous gate has no windows to restart.
        #expect(ListeningSchedule(gate: .continuous, windowDeadTime: SimDuration(seconds: 0.8)).isGateOpen(at: .zero))
    }

    @Test("iOS: the scan running at the start does not start up; a mode change restarts it")
    func restartOnModeChange() {
        var scan = scheduler(.iOS, context(foreground: true), dead: SimDuration(seconds: 0.9))
        #expect(scan.schedule?.isListening(at: .seconds(0.1)) == true)
        scan.update(context(), at: .seconds(20))
        #expect(scan.schedule?.isListening(at: .seconds(20.5)) == false)
        #expect(scan.schedule?.isListening(at: .seconds(20.9)) == true)
        scan.update(context(foreground: true), at: .seconds(40))
        #expect(scan.schedule?.isListening(at: .seconds(40.89)) == false)
        #expect(scan.schedule?.isListening(at: .seconds(40.9)) == true)
    }

    @Test("ABL background cycles restart the scan every cycle")
    func ablCycles() {
        let scan = scheduler(.androidABL, context(), dead: SimDuration(seconds: 1))
        let schedule = scan.schedule
        #expect(schedule?.isGateOpen(at: .seconds(0.5)) == false)
        #expect(schedule?.isGateOpen(at: .seconds(5)) == true)
        let period = SimTime.seconds(310)
        #expect(schedule?.isGateOpen(at: period + SimDuration(seconds: 0.5)) == false)
        #expect(schedule?.isGateOpen(at: period + SimDuration(seconds: 1.5)) == true)
    }

    @Test("no dead time: the same schedules as a scheduler without the parameter")
    func offByDefault() {
        for profile in [OSProfile.iOS, .androidABL, .androidABL8, .nearby] {
            var plain = ScanScheduler(
                profile: profile, random: RandomStream(seed: 3, replication: 0, label: "scan"), context: context(), at: .zero)
            var zero = ScanScheduler(
                profile: profile, random: RandomStream(seed: 3, replication: 0, label: "scan"), context: context(), at: .zero,
                startupDeadTime: .zero)
            #expect(plain.schedule == zero.schedule)
            for (time, next) in [(5.0, context(foreground: true)), (50, context()), (70, context(screenOn: true))] {
                plain.update(next, at: .seconds(time))
                zero.update(next, at: .seconds(time))
                #expect(plain.schedule == zero.schedule)
                #expect(plain.advance(to: .seconds(time + 20)) == zero.advance(to: .seconds(time + 20)))
            }
        }
    }
}
