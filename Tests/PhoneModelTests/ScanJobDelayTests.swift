// SPDX-License-Identifier: GPL-3.0-or-later
import PhoneModel
import SimulationCore
import Stochastics
import Testing

/// The Android scan job's drawn delay, as the timeline's `osDelayDrawn` records it (issue 29): the
/// delay before the job whose scan decides an entry or exit, its distribution and the job's start.
@Suite("scan jobs' drawn delays")
struct ScanJobDelayTests {
    static let background = ScanContext(
        foreground: false, screenOn: false, ranging: false, anyRegionInside: true, bluetoothOn: true, monitoring: true)

    @Test(
        "each job's delay is the spacing drawn before it: uniform (0 s…1500 s) first, then (300 s…1500 s) from the previous start"
    )
    func delaysPlaceTheJobs() throws {
        var scan = ScanScheduler(
            profile: .androidABL8, random: RandomStream(seed: 7, replication: 0, label: "scan"), context: Self.background,
            at: .seconds(100))
        var jobs: [(start: SimTime, delay: OSDelay)] = []
        while let next = scan.nextDeadline, next < .seconds(6 * 3600) {
            let start = try #require(scan.schedule?.from)
            let delay = try #require(scan.jobDelay(deciding: start), "no delay for the job at \(start)")
            #expect(scan.jobDelay(deciding: start - .seconds(1)) == nil, "a delay before the job's window")
            jobs.append((start, delay))
            #expect(scan.advance(to: next) == [next])
            // The exit evaluated at the job's end is decided by that job, though the next is scheduled.
            #expect(scan.jobDelay(deciding: next) == delay)
        }
        #expect(jobs.count > 12)
        let first = try #require(jobs.first)
        #expect(first.delay.kind == .scanJobDelay && first.delay.distribution == "uniform (0 s…1500 s)")
        #expect(first.start == .seconds(100) + first.delay.duration && first.delay.endsAt == first.start)
        for (previous, job) in zip(jobs, jobs.dropFirst()) {
            #expect(job.delay.distribution == "uniform (300 s…1500 s)")
            #expect(job.delay.duration >= .seconds(300) && job.delay.duration <= .seconds(1500))
            #expect(job.start == previous.start + job.delay.duration && job.delay.endsAt == job.start)
        }
    }

    @Test("no job delay in the foreground or for iOS: nothing there is decided by a scan job")
    func noDelayOutsideJobs() {
        var foreground = Self.background
        foreground.foreground = true
        let cases: [(OSProfile, ScanContext)] = [(.androidABL8, foreground), (.iOS, Self.background)]
        for (profile, context) in cases {
            var scan = ScanScheduler(
                profile: profile, random: RandomStream(seed: 7, replication: 0, label: "scan"), context: context, at: .zero)
            var time = SimTime.zero
            for _ in 0..<50 {
                guard let next = scan.nextDeadline else { break }
                time = next
                _ = scan.advance(to: time)
                #expect(scan.jobDelay(deciding: time) == nil)
            }
        }
    }
}
