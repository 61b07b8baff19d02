// SPDX-License-Identifier: GPL-3.0-or-later
@testable import PhoneModel
import SimulationCore
import Testing

@Suite("OS profiles")
struct ProfileTests {
    @Test("every parameter of every built-in profile names its source", arguments: ProfileCatalogue.all.map(\.name))
    func sources(name: String) throws {
        let profile = try #require(ProfileCatalogue.profile(named: name))
        for parameter in ProfileParameter.all {
            let source = profile.sources[parameter.key] ?? ""
            #expect(!source.isEmpty, "\(name).\(parameter.key) has no source")
        }
    }

    @Test("overrides change the value, record the source, and reject bad kinds and ranges")
    func overrides() {
        var profile = OSProfile.iOS
        #expect(profile.override("exitHysteresis", with: .duration(.seconds(20))) == nil)
        #expect(profile.exitHysteresis == .seconds(20))
        #expect(profile.value(of: "exitHysteresis") == .duration(.seconds(20)))
        #expect(profile.sources["exitHysteresis"] == "scenario override")
        #expect(profile.override("exitHysteresis", with: .number(3)) != nil)
        #expect(profile.override("missedExitProbability", with: .number(1.5)) != nil)
        #expect(profile.override("noSuchKey", with: .number(1)) != nil)
    }

    @Test("scan patterns: duty cycle and window edges")
    func scanPattern() {
        let pattern = ScanPattern(window: .milliseconds(140), interval: .milliseconds(1400))
        #expect(abs(pattern.dutyCycle - 0.1) < 1e-12)
        #expect(pattern.isListening(at: .zero))
        #expect(!pattern.isListening(at: SimTime(nanoseconds: 140_000_000)))
        #expect(pattern.isListening(at: SimTime(nanoseconds: 1_400_000_000)))
        #expect(pattern.windowEnd(after: SimTime(nanoseconds: 500_000_000)) == SimTime(nanoseconds: 1_540_000_000))
        #expect(ScanPattern.continuous.isListening(at: .seconds(12.345)))
        #expect(!ScanPattern.off.isListening(at: .zero))
    }
}
