// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Testing

/// The profile's modes against its flat override surface (`ProfileSettings`): the built-in
/// profiles survive the round trip, flags switch modes whatever the order of the overrides, and
/// counts are whole numbers.
@Suite("OS profile modes and settings")
struct ProfileModeTests {
    @Test(
        "every built-in profile is rebuilt unchanged from its settings, which hold every key",
        arguments: ProfileCatalogue.all.map(\.name))
    func roundTrip(name: String) throws {
        let profile = try #require(ProfileCatalogue.profile(named: name))
        let settings = profile.settings
        for key in ProfileKey.allCases { _ = settings[key] }  // a missing key is a precondition failure
        #expect(OSProfile(rebuilding: profile, from: settings) == profile)
        #expect(ProfileParameter.all.map(\.name) == ProfileKey.allCases)
    }

    @Test("the built-in profiles use the modes their summaries describe")
    func builtInModes() {
        #expect(OSProfile.iOS.monitoring.hardwareFilter?.slots == 30)
        #expect(OSProfile.iOS70.monitoring.coreLocation?.hardwareFilter == nil)
        #expect(OSProfile.iOS70.killedApps == .staysTerminated)
        #expect(OSProfile.iOS.execution.budget?.taskDuration == .seconds(30))
        #expect(OSProfile.iOS12.execution.budget?.taskDuration == .seconds(180))
        #expect(OSProfile.androidABL.execution == .keepsRunning)
        #expect(OSProfile.androidABL.scanThrottle == ScanThrottle(limit: 5, period: .seconds(30)))
        #expect(OSProfile.androidLowPower.scanThrottle == nil)
        #expect(OSProfile.androidABL8.monitoring.scanCycles?.background == .jobs(OSProfile.ablScanJobs))
        #expect(OSProfile.androidABL8ForegroundService.monitoring.scanCycles?.filtered == nil)
        guard case .atScreenOn(let scan) = OSProfile.nearby.monitoring.scanCycles?.background else {
            Issue.record("nearby does not scan at screen-on")
            return
        }
        #expect(scan.scan == ScanDuty(window: .milliseconds(140), interval: .milliseconds(1400)))
    }

    @Test(
        "a parameter is marked in effect exactly when overriding it alone changes the profile",
        arguments: ProfileCatalogue.all.map(\.name))
    func inEffect(name: String) throws {
        let profile = try #require(ProfileCatalogue.profile(named: name))
        let inEffect = profile.parametersInEffect
        for key in ProfileKey.allCases {
            let other: ProfileValue =
                switch profile.settings[key] {
                case .duration(let value): .duration(value + .seconds(1))
                case .number(let value): .number(value == 0 ? 1 : (value / 2).rounded(.down))
                case .flag(let value): .flag(!value)
                }
            var changed = profile
            #expect(changed.override(key.rawValue, with: other) == nil, "\(name).\(key) = \(other)")
            changed.sources = profile.sources
            #expect((changed != profile) == inEffect.contains(key), "\(name).\(key)")
        }
    }

    @Test("a flag and its mode's parameters apply in either order")
    func orderIndependent() {
        let overrides: [(key: String, value: ProfileValue)] = [
            ("jobIntervalMin", .duration(.minutes(10))), ("jobScheduling", .flag(true)),
        ]
        var forward = OSProfile.androidABL
        var backward = OSProfile.androidABL
        #expect(forward.override(overrides).isEmpty)
        #expect(backward.override(overrides.reversed()).isEmpty)
        let jobs = ScanJobs(window: .seconds(10), intervalMin: .minutes(10), intervalMax: .minutes(25))
        #expect(forward.monitoring.scanCycles?.background == .jobs(jobs))
        #expect(backward == forward)
        #expect(forward.sources["jobIntervalMin"] == "scenario override")
    }

    @Test("flags switch modes on and off with the documented precedence")
    func modeFlags() {
        var software = OSProfile.iOS
        #expect(software.override("hardwareAssisted", with: .flag(false)) == nil)
        #expect(software.monitoring == OSProfile.iOS70.monitoring)

        var cycles = OSProfile.iOS
        #expect(cycles.override("scanCycleMonitoring", with: .flag(true)) == nil)
        let background = ScanDuty(window: .seconds(10), interval: .minutes(15))
        #expect(
            cycles.monitoring
                == .scanCycles(ScanCycleMonitoring(background: .cycles(screenOn: background, screenOff: background))))

        var both = OSProfile.androidABL  // scansOnlyAtScreenOn wins over jobScheduling
        #expect(both.override([("jobScheduling", .flag(true)), ("scansOnlyAtScreenOn", .flag(true))]).isEmpty)
        guard case .atScreenOn = both.monitoring.scanCycles?.background else {
            Issue.record("screen-on scans should win: \(both.monitoring)")
            return
        }

        var running = OSProfile.iOS
        #expect(running.override("suspendsInBackground", with: .flag(false)) == nil)
        #expect(running.execution == .keepsRunning)
        #expect(running.override("suspendsInBackground", with: .flag(true)) == nil)
        #expect(running.execution == OSProfile.iOS.execution)  // the budget comes back from the settings
    }

    @Test("scanStartLimit 1000 is no throttle; counts must be whole numbers")
    func countsAndThrottle() {
        var profile = OSProfile.androidLowPower
        #expect(profile.override("scanStartLimit", with: .number(3)) == nil)
        #expect(profile.scanThrottle == ScanThrottle(limit: 3, period: .seconds(30)))
        #expect(profile.override("scanStartLimit", with: .number(1000)) == nil)
        #expect(profile.scanThrottle == nil)
        #expect(profile.value(of: "scanStartLimit") == .number(1000))
        let message = profile.override("regionLimit", with: .number(2.5))
        #expect(message?.contains("expects a whole number") == true, "\(message ?? "accepted")")
        #expect(profile.override("regionLimit", with: .number(2)) == nil)
        #expect(profile.regionLimit == 2)
    }

    @Test("a rejected override leaves the others applied and names its index")
    func rejected() {
        var profile = OSProfile.iOS
        let problems = profile.override([
            ("exitHysteresis", .duration(.seconds(20))), ("noSuchKey", .number(1)), ("missedExitProbability", .number(2)),
        ])
        #expect(problems.keys.sorted() == [1, 2])
        #expect(problems[1] == "unknown parameter 'noSuchKey' for profile 'ios'")
        #expect(profile.exitHysteresis == .seconds(20))
        #expect(profile.monitoring.hardwareFilter?.missedExitProbability == 0.05)
    }
}
