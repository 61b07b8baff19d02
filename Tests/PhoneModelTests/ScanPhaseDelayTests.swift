// SPDX-License-Identifier: GPL-3.0-or-later
import PhoneModel
import SimulationCore
import Stochastics
import Testing

/// The once-per-phone scan phases as the timeline's `osDelayDrawn` records them (issue 29): iOS's
/// software background scan and Android 5–7's background cycles already running at the start are
/// placed by a phase drawn uniform over one interval; the record names it, the deciding scan's
/// start and the end of the scan before it.
@Suite("drawn scan phases")
struct ScanPhaseDelayTests {
    static let background = ScanContext(
        foreground: false, screenOn: false, ranging: false, anyRegionInside: true, bluetoothOn: true, monitoring: true)

    static func scheduler(_ profile: OSProfile, phase: Double = 0.4, at now: SimTime = .zero) -> ScanScheduler {
        ScanScheduler(
            profile: profile, random: RandomStream(seed: 7, replication: 0, label: "scan"), context: background, at: now,
            cyclePhase: phase)
    }

    @Test("iOS 7.0: every background decision names the software scan's phase, the deciding scan's start and the quiet before it")
    func softwareScanPhase() throws {
        let scan = Self.scheduler(.iOS70)
        let anchor = scan.softwareScanAnchor
        #expect(anchor > .zero && anchor < .seconds(900))
        for decision in [anchor + .seconds(3), anchor + .seconds(900 * 2 + 5), anchor + .seconds(900 * 3 + 400)] {
            let delay = try #require(scan.phaseDelay(deciding: decision))
            #expect(delay.kind == .softwareScanPhase && delay.distribution == "uniform (0 s…900 s)")
            #expect(delay.duration == anchor - .zero)
            let start = try #require(delay.endsAt)
            #expect(start <= decision && decision - start < .seconds(900))
            #expect((start - anchor).nanoseconds % SimDuration.seconds(900).nanoseconds == 0, "a scan window's start")
            #expect(delay.quietSince == max(start - .seconds(890), .zero))
        }
        #expect(scan.jobDelay(deciding: anchor + .seconds(3)) == nil)
    }

    @Test("Android 5–7: the first background cycles sit at the drawn phase; cycles restarted by an event draw nothing")
    func backgroundCyclePhase() throws {
        var scan = Self.scheduler(.androidABL, phase: 0.4)
        let end = try #require(scan.nextDeadline)  // the end of the first window
        let delay = try #require(scan.phaseDelay(deciding: end))
        #expect(delay.kind == .backgroundCyclePhase && delay.distribution == "uniform (0 s…310 s)")  // 10 s + 300 s between
        #expect(delay.duration == .seconds(124))
        #expect(delay.endsAt == end - .seconds(10))
        _ = scan.advance(to: end)
        #expect(scan.phaseDelay(deciding: end) == delay, "the exit evaluated at the window's end is that window's")
        var foreground = Self.background
        foreground.foreground = true
        scan.update(foreground, at: end + .seconds(30))
        #expect(scan.phaseDelay(deciding: end + .seconds(31)) == nil, "the foreground's continuous cycles")
        scan.update(Self.background, at: end + .seconds(60))
        #expect(scan.phaseDelay(deciding: end + .seconds(65)) == nil, "cycles restarted at the switch to the background")
    }

    @Test("no phase where scanning is continuous or placed otherwise: iOS with hardware assist, Android 8+ jobs")
    func noPhaseElsewhere() {
        for profile in [OSProfile.iOS, .androidABL8] {
            var scan = Self.scheduler(profile)
            var time = SimTime.zero
            for _ in 0..<20 {
                #expect(scan.phaseDelay(deciding: time) == nil)
                guard let next = scan.nextDeadline else { break }
                time = next
                _ = scan.advance(to: time)
            }
        }
    }
}
