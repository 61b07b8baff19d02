// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Stochastics
import Testing

@Suite("Android under pressure: Doze, standby buckets, maker overlays")
struct AndroidPressureTests {
    let doze = DozeParameters.aosp  // idle after 60 min; idle 60, 120, 240, 360 … min; windows of 5 min

    func minutes(_ value: Double) -> SimTime { .seconds(value * 60) }

    @Test("Doze: a still, dark, unplugged phone goes idle after idleAfter; the idle periods double between 5-min windows")
    func dozeTimeline() {
        let state = DozeState(parameters: doze, screenOn: false, moving: false, charging: false, at: .zero)
        #expect(state.idleEntry == minutes(60))
        #expect(!state.isIdle(at: minutes(59)))
        #expect(state.isIdle(at: minutes(61)))
        #expect(!state.isIdle(at: minutes(122)))  // window 120–125
        #expect(state.isIdle(at: minutes(126)))  // idle 125–245
        #expect(!state.isIdle(at: minutes(246)))  // window 245–250
        #expect(state.isIdle(at: minutes(480)))  // idle 250–490
        #expect(state.nextTransition(after: minutes(10)) == minutes(60))
        #expect(state.nextTransition(after: minutes(61)) == minutes(120))
        #expect(state.nextTransition(after: minutes(121)) == minutes(125))
    }

    @Test("Doze: work proposed while idle waits for the next maintenance window; outside idle it runs at once")
    func dozeDefers() {
        let state = DozeState(parameters: doze, screenOn: false, moving: false, charging: false, at: .zero)
        #expect(state.allowedStart(minutes(30)) == minutes(30))
        #expect(state.allowedStart(minutes(70)) == minutes(120))
        #expect(state.allowedStart(minutes(123)) == minutes(123))
        #expect(state.allowedStart(minutes(130)) == minutes(245))
    }

    @Test("Doze: the screen, motion or a charger ends it, and the idle clock restarts when all three are quiet again")
    func dozeExits() {
        for change in [(true, false, false), (false, true, false), (false, false, true)] {
            var state = DozeState(parameters: doze, screenOn: false, moving: false, charging: false, at: .zero)
            state.update(screenOn: change.0, moving: change.1, charging: change.2, at: minutes(90))
            #expect(!state.isIdle(at: minutes(100)))
            #expect(state.allowedStart(minutes(100)) == minutes(100))
            #expect(state.nextTransition(after: minutes(100)) == nil)
            state.update(screenOn: false, moving: false, charging: false, at: minutes(100))
            #expect(state.idleEntry == minutes(160))
        }
        let moving = DozeState(parameters: doze, screenOn: false, moving: true, charging: false, at: .zero)
        #expect(moving.idleEntry == nil)
    }

    @Test("standby buckets: the documented quotas; rare is 10 min and 3 sessions per 24 h; active is limited only on Android 16")
    func bucketQuotas() {
        #expect(StandbyBucket.active.jobQuota(android16: false) == nil)
        #expect(StandbyBucket.active.jobQuota(android16: true)?.runtime == .minutes(20))
        let rare = StandbyBucket.rare.jobQuota(android16: false)
        #expect(rare?.runtime == .minutes(10))
        #expect(rare?.window == .minutes(1440))
        #expect(rare?.sessions == 3)
        #expect(StandbyBucket.workingSet.jobQuota(android16: false)?.window == .minutes(240))
        #expect(StandbyBucket.frequent.jobQuota(android16: false)?.window == .minutes(720))
        #expect(StandbyBucket.restricted.jobQuota(android16: false)?.sessions == 1)
        #expect(StandbyBucket.restricted.limitedWhileCharging && !StandbyBucket.rare.limitedWhileCharging)
        for bucket in StandbyBucket.allCases { #expect(!bucket.source.isEmpty) }
    }

    @Test("job budget: jobs beyond the sessions or the runtime of the rolling window wait until earlier ones leave it")
    func jobBudget() {
        var budget = JobBudget(quota: JobQuota(runtime: .minutes(10), window: .minutes(1440), sessions: 3))
        for start in [0.0, 15, 30] { budget.record(from: minutes(start), to: minutes(start) + .seconds(10)) }
        #expect(!budget.fits(.seconds(10), at: minutes(45)))
        #expect(budget.allowedStart(minutes(45), length: .seconds(10)) == minutes(1440) + .seconds(10))
        var runtime = JobBudget(quota: JobQuota(runtime: .minutes(10), window: .minutes(60), sessions: 100))
        runtime.record(from: .zero, to: minutes(9.9))
        #expect(!runtime.fits(.seconds(10), at: minutes(20)))
        #expect(runtime.fits(.seconds(5), at: minutes(20)))
        #expect(runtime.allowedStart(minutes(20), length: .seconds(10)) == minutes(69.9))
    }

    @Test("restrictions: the budget does not hold while charging (except restricted); Doze and the budget combine")
    func restrictions() {
        let quota = JobQuota(runtime: .minutes(10), window: .minutes(1440), sessions: 1)
        var restrictions = JobRestrictions(doze: nil, quota: quota, limitedWhileCharging: false, charging: false, moving: false)
        restrictions.recordJob(from: .zero, to: .seconds(10))
        #expect(restrictions.allowedStart(minutes(15), length: .seconds(10)) == minutes(1440) + .seconds(10))
        restrictions.update(screenOn: false, moving: false, charging: true, at: minutes(15))
        #expect(restrictions.allowedStart(minutes(15), length: .seconds(10)) == minutes(15))
        var restricted = JobRestrictions(doze: nil, quota: quota, limitedWhileCharging: true, charging: true, moving: false)
        restricted.recordJob(from: .zero, to: .seconds(10))
        #expect(restricted.allowedStart(minutes(15), length: .seconds(10)) > minutes(15))
        let dozing = JobRestrictions(
            doze: DozeState(parameters: doze, screenOn: false, moving: false, charging: false, at: .zero), quota: nil,
            limitedWhileCharging: false, charging: false, moving: false)
        #expect(dozing.allowedStart(minutes(70), length: .seconds(10)) == minutes(120))
    }

    @Test("scan jobs in Doze run only in maintenance windows, and the filtered scan stops while idle")
    func schedulerInDoze() {
        var profile = OSProfile.androidABL8
        let problem = profile.override("doze", with: .flag(true))
        #expect(problem == nil)
        let context = ScanContext(
            foreground: false, screenOn: false, ranging: false, anyRegionInside: false, bluetoothOn: true, monitoring: true)
        var scan = ScanScheduler(
            profile: profile, random: RandomStream(seed: 3, replication: 0, label: "scan"), context: context, at: .zero,
            restrictions: JobRestrictions(
                doze: DozeState(parameters: .aosp, screenOn: false, moving: false, charging: false, at: .zero), quota: nil,
                limitedWhileCharging: false, charging: false, moving: false))
        var jobStarts: [SimTime] = []
        var time = SimTime.zero
        while time < minutes(600) {
            if let from = scan.schedule?.from, jobStarts.last != from { jobStarts.append(from) }
            guard let next = scan.nextDeadline else { break }
            time = next
            _ = scan.advance(to: time)
        }
        let state = DozeState(parameters: .aosp, screenOn: false, moving: false, charging: false, at: .zero)
        let idleStarts = jobStarts.filter { state.isIdle(at: $0) }
        #expect(idleStarts.isEmpty)
        #expect(jobStarts.filter { $0 > minutes(60) }.count <= 4)  // windows at 120, 245, 490 min
        #expect(jobStarts.contains(minutes(120)))
        #expect(scan.schedule?.filtered == nil || !state.isIdle(at: time))
        // Motion ends Doze: the deferred job runs at once.
        scan.updateConditions(moving: true, charging: false, at: minutes(610))
        #expect((scan.schedule?.from ?? .zero) <= minutes(635))
    }

    @Test("scan jobs of a rare app: 3 sessions in the first 24 h, the rest deferred; a charger lifts the quota")
    func schedulerRareBucket() {
        let context = ScanContext(
            foreground: false, screenOn: false, ranging: false, anyRegionInside: true, bluetoothOn: true, monitoring: true)
        func jobs(charging: Bool) -> [SimTime] {
            var scan = ScanScheduler(
                profile: .androidABL8, random: RandomStream(seed: 5, replication: 0, label: "scan"), context: context,
                at: .zero,
                restrictions: JobRestrictions(
                    doze: nil, quota: StandbyBucket.rare.jobQuota(android16: false), limitedWhileCharging: false,
                    charging: charging, moving: false))
            var starts: [SimTime] = []
            while let next = scan.nextDeadline, next < minutes(1440) {
                if let from = scan.schedule?.from, starts.last != from { starts.append(from) }
                _ = scan.advance(to: next)
            }
            return starts
        }
        #expect(jobs(charging: false).count == 3)
        #expect(jobs(charging: true).count > 50)  // every 5–25 min
    }

    @Test("Samsung overlay: unfiltered scans get nothing with the screen off, their cycles still end; screen on restores them")
    func samsungScreenOff() {
        let off = ScanContext(
            foreground: false, screenOn: false, ranging: false, anyRegionInside: false, bluetoothOn: true, monitoring: true)
        var scan = ScanScheduler(
            profile: .androidABL8ForegroundService, random: RandomStream(seed: 1, replication: 0, label: "scan"),
            context: off, at: .zero, unfilteredDeafWithScreenOff: true)
        #expect(scan.schedule?.isListening(at: .seconds(30)) == false)
        #expect(scan.nextDeadline != nil)
        var on = off
        on.screenOn = true
        scan.update(on, at: .seconds(60))
        #expect(scan.schedule?.isListening(at: .seconds(60.5)) == true)
    }

    @Test("Samsung on Android 14: the intent scan delivers nothing while the screen is off, and again once it is lit")
    func samsungIntentScans() {
        var off = ScanContext(
            foreground: false, screenOn: false, ranging: false, anyRegionInside: false, bluetoothOn: true, monitoring: true)
        let stock = ScanScheduler(
            profile: .android14ABLIntent, random: RandomStream(seed: 1, replication: 0, label: "scan"), context: off, at: .zero)
        #expect(stock.schedule?.filtered != nil)
        var samsung = ScanScheduler(
            profile: .android14ABLIntent, random: RandomStream(seed: 1, replication: 0, label: "scan"), context: off, at: .zero,
            intentScansDeafWithScreenOff: true)
        #expect(samsung.schedule?.filtered == nil)
        off.screenOn = true
        samsung.update(off, at: .seconds(60))
        #expect(samsung.schedule?.filtered != nil)
    }

    @Test("aggressive killer: kills after the delay out of the foreground unless exempt; opening the app revives it")
    func killer() {
        var killer = BackgroundKiller(delay: .minutes(10), exempt: false)
        killer.observe(foreground: false, at: .zero)
        #expect(killer.killDue == minutes(10))
        let early = killer.advance(to: minutes(9))
        let due = killer.advance(to: minutes(10))
        #expect(!early && due)
        #expect(killer.killed && killer.killDue == nil)
        killer.observe(foreground: true, at: minutes(20))
        #expect(!killer.killed)
        var exempt = BackgroundKiller(delay: .minutes(10), exempt: true)
        exempt.observe(foreground: false, at: .zero)
        let exemptKilled = exempt.advance(to: minutes(100))
        #expect(exempt.killDue == nil && !exemptKilled)
    }

    @Test(
        "pressure is opt-in for the profiles of before: only the current android-14-abl family dozes; none has Android 16 quotas; each has sources"
    )
    func optIn() {
        for profile in ProfileCatalogue.all {
            #expect((profile.doze != nil) == profile.name.hasPrefix("android-14-abl"), "\(profile.name)")
            #expect(profile.doze == nil || profile.doze == .aosp)
            #expect(!profile.android16JobQuotas)
        }
        var profile = OSProfile.androidABL8
        let problems = profile.override([("dozeIdleAfter", .duration(.minutes(5))), ("doze", .flag(true))])
        #expect(problems.isEmpty)
        #expect(profile.doze?.idleAfter == .minutes(5))
        #expect(profile.parametersInEffect.contains(.dozeMaintenanceWindow))
        #expect(!OSProfile.androidABL8.parametersInEffect.contains(.dozeMaintenanceWindow))
        for maker in MakerOverlay.all { #expect(!maker.sources.isEmpty) }
    }
}
