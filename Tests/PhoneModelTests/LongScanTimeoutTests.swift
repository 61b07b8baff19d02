// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

/// The OS long-scan timeout, location services off and the foreground service in the scan
/// scheduler (platforms-2026.md §2.1–2.2).
@Suite("Long-scan timeout and Android scan limits")
struct LongScanTimeoutTests {
    func context(
        foreground: Bool = false, screenOn: Bool = true, foregroundService: Bool = true, location: Bool = true
    ) -> ScanContext {
        ScanContext(
            foreground: foreground, screenOn: screenOn, ranging: false, anyRegionInside: false, bluetoothOn: true,
            monitoring: true, foregroundService: foregroundService, locationServicesOn: location)
    }

    func scheduler(_ profile: OSProfile, _ context: ScanContext) -> ScanScheduler {
        ScanScheduler(profile: profile, random: RandomStream(seed: 1, replication: 0, label: "scan"), context: context, at: .zero)
    }

    /// Runs the scheduler to `time` through its own deadlines.
    func run(_ scan: inout ScanScheduler, to time: SimTime) -> [SimTime] {
        var ends: [SimTime] = []
        while let due = scan.nextDeadline, due <= time { ends += scan.advance(to: due) }
        return ends
    }

    @Test("an unfiltered scan never stopped becomes opportunistic at 10 min; the library's cycles go on")
    func opportunistic() {
        var scan = scheduler(.android14ABLForegroundService, context())
        #expect(scan.nextDeadline != nil)
        _ = run(&scan, to: .seconds(599))
        #expect(scan.schedule?.isListening(at: .seconds(599.5)) == true)
        let ends = run(&scan, to: .seconds(620))
        #expect(scan.takeScanTimeouts().map(\.outcome) == [.opportunistic])
        #expect(scan.schedule?.isListening(at: .seconds(600.5)) == false)
        #expect(scan.schedule?.isListening(at: .seconds(700)) == false)
        #expect(ends.count >= 17)  // 1.1 s cycle ends continue: exits are still evaluated
        #expect(scan.takeScanTimeouts().isEmpty)
    }

    @Test("with longScanForcing the library restarts the scan at the timeout, every timeout")
    func forcing() {
        var profile = OSProfile.android14ABLForegroundService
        #expect(profile.override("longScanForcing", with: .flag(true)) == nil)
        var scan = scheduler(profile, context())
        _ = run(&scan, to: .seconds(1300))
        #expect(scan.takeScanTimeouts().map(\.at) == [.seconds(600), .seconds(1200)])
        #expect(scan.schedule?.isListening(at: .seconds(1250)) == true)
    }

    @Test("a filtered scan (screen off on Android 14) is downgraded to LOW_POWER 140/1400 ms")
    func lowPower() {
        var scan = scheduler(.android14ABLForegroundService, context(screenOn: false))
        _ = run(&scan, to: .seconds(601))
        #expect(scan.takeScanTimeouts().map(\.outcome) == [.lowPower])
        #expect(scan.schedule?.isListening(at: .seconds(600 + 1.4 * 10 + 0.1)) == true)
        #expect(scan.schedule?.isListening(at: .seconds(600 + 1.4 * 10 + 0.5)) == false)
    }

    @Test("a restart (mode or screen change) starts the timeout again; scan jobs and legacy profiles have none")
    func restarts() {
        var scan = scheduler(.android14ABLForegroundService, context())
        _ = run(&scan, to: .seconds(300))
        scan.update(context(foreground: true), at: .seconds(300))
        #expect(scan.nextDeadline.map { $0 <= .seconds(900) } == true)
        _ = run(&scan, to: .seconds(899))
        #expect(scan.takeScanTimeouts().isEmpty)
        _ = run(&scan, to: .seconds(901))
        #expect(scan.takeScanTimeouts().count == 1)

        var jobs = scheduler(.android14ABL, context(foregroundService: false))
        _ = run(&jobs, to: .seconds(3600))
        #expect(jobs.takeScanTimeouts().isEmpty)
        var legacy = scheduler(.androidABL8ForegroundService, context())
        _ = run(&legacy, to: .seconds(3600))
        #expect(legacy.takeScanTimeouts().isEmpty)
        #expect(legacy.schedule?.isListening(at: .seconds(3599)) == true)
    }

    @Test("location services off suspend the unfiltered scan; a filtered one (screen off) goes on")
    func locationOff() {
        var scan = scheduler(.android14ABLForegroundService, context(location: false))
        #expect(scan.schedule?.isListening(at: .seconds(5)) == false)
        scan.update(context(location: true), at: .seconds(10))
        #expect(scan.schedule?.isListening(at: .seconds(11)) == true)
        let filtered = scheduler(.android14ABLForegroundService, context(screenOn: false, location: false))
        #expect(filtered.schedule?.isListening(at: .seconds(5)) == true)
    }

    @Test("the foreground service makes the background continuous; without it the profile's scan jobs")
    func foregroundServiceOverlay() {
        let running = scheduler(.android14ABLForegroundService, context())
        #expect(running.schedule?.gate.isContinuous == true)
        #expect(running.schedule?.until == nil)
        let refused = scheduler(.android14ABLForegroundService, context(foregroundService: false))
        #expect(refused.schedule?.until != nil)  // a one-shot scan job window
        #expect(refused.schedule?.filtered != nil)  // with the filtered scan between jobs
    }
}
