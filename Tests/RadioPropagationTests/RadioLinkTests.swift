// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import RadioPropagation
import Stochastics
import Testing

@Suite("RadioLink")
struct RadioLinkTests {
    let errors = PacketErrorCurve(sensitivity: -95)

    func link(_ configuration: RadioConfiguration, seed: UInt64 = 1) -> RadioLink {
        RadioLink(random: CounterStream(seed: seed, replication: 0, label: "link"), configuration: configuration)
    }

    @Test("deterministic mode: reported RSSI is the rounded mean, and below sensitivity nothing arrives")
    func deterministic() {
        let configuration = RadioConfiguration(environment: .retail).deterministic
        var radio = link(configuration)
        var fading = FadingState()
        #expect(radio.shadowing(at: .zero, configuration: configuration) == 0)
        let heard = radio.receive(
            base: -80.4, lineOfSight: true, speed: 1, channelIndex: 0, timeNanoseconds: 0,
            configuration: configuration, errors: errors, fading: &fading)
        #expect(heard == -80)
        let lost = radio.receive(
            base: -95.1, lineOfSight: true, speed: 1, channelIndex: 1, timeNanoseconds: 0,
            configuration: configuration, errors: errors, fading: &fading)
        #expect(lost == nil)
    }

    /// The event loop asks once per event when the three channels are received alike: that must
    /// hold for every base power, with no draw, and fail as soon as fading, packet errors or
    /// measurement noise is on.
    @Test("without fading, packet errors and noise every channel is received alike, drawing nothing")
    func channelsAlike() {
        var configuration = RadioConfiguration(environment: .retail)
        configuration.fadingEnabled = false
        configuration.packetErrorsEnabled = false
        configuration.measurementNoiseSigma = 0
        #expect(RadioLink.receivesEveryChannelAlike(configuration))
        var radio = link(configuration)
        let position = radio.random.position
        var fading = FadingState()
        for base in stride(from: -100.0, through: -60, by: 0.37) {
            let answers = (0..<3).map { channel in
                radio.receive(
                    base: base, lineOfSight: channel == 1, speed: 1.2, channelIndex: channel,
                    timeNanoseconds: Int64(channel) * 400_000, configuration: configuration, errors: errors,
                    fading: &fading)
            }
            #expect(answers.allSatisfy { $0 == answers[0] })
            #expect((answers[0] == nil) == (base < -95))
        }
        #expect(radio.random.position == position)
        for change in [\RadioConfiguration.fadingEnabled, \.packetErrorsEnabled] {
            var other = configuration
            other[keyPath: change] = true
            #expect(!RadioLink.receivesEveryChannelAlike(other))
        }
        var noisy = configuration
        noisy.measurementNoiseSigma = 1.5
        #expect(!RadioLink.receivesEveryChannelAlike(noisy))
        noisy.measurementNoiseEnabled = false
        #expect(RadioLink.receivesEveryChannelAlike(noisy))
    }

    /// The read-ahead the fast loop skips dwelling links with must give, for every event, the
    /// verdict the event itself computes: mean + its own draw against the floor. Three means put
    /// the floor 12, 4 and −2 dB above them (few, some and most events reach), from three events.
    @Test("eventsBelow counts the events whose own shadowing draws stay below the floor")
    func eventsBelowMatchesEachEvent() {
        var configuration = RadioConfiguration(environment: .retail)
        configuration.decorrelationDistance = 0
        let radio = link(configuration, seed: 9)
        for (mean, start) in [(-107.0, UInt64(0)), (-99, 41), (-93, 1_000)] {
            var byEvent = radio
            var expected = 0
            while expected < 300 {
                byEvent.beginEvent(start + UInt64(expected))
                if mean + byEvent.shadowing(at: .zero, configuration: configuration) >= -95 { break }
                expected += 1
            }
            let counted = radio.eventsBelow(floor: -95, mean: mean, from: start, limit: 300, configuration: configuration)
            #expect(counted == expected, "mean \(mean)")
            let capped = radio.eventsBelow(floor: -95, mean: mean, from: start, limit: 2, configuration: configuration)
            #expect(capped == min(expected, 2))
        }
        #expect(radio.eventsBelow(floor: -95, mean: -99, from: 41, limit: 300, configuration: configuration) > 0)
        var correlated = configuration
        correlated.decorrelationDistance = 5  // draws depend on the walk: nothing can be read ahead
        #expect(radio.eventsBelow(floor: -95, mean: -130, from: 0, limit: 50, configuration: correlated) == 0)
    }

    @Test("shadowing is frozen for a static phone and decorrelates with distance")
    func shadowingCorrelation() {
        let configuration = RadioConfiguration(environment: .retail)
        var radio = link(configuration)
        let first = radio.shadowing(at: .zero, configuration: configuration)
        #expect(radio.shadowing(at: .zero, configuration: configuration) == first)
        #expect(radio.shadowing(at: PlanPoint(x: 50, y: 0), configuration: configuration) != first)
    }

    /// σ = 4 dB: over n = 4000 independent links the sample SD has SD ≈ σ/√(2n) = 0.045 dB, the
    /// mean SD σ/√n = 0.063 dB; 5 SDs of each.
    @Test("initial shadowing across links is N(0, σ) with the preset's σ")
    func shadowingDistribution() {
        let configuration = RadioConfiguration(environment: .retail)
        let values = (1...4000).map { seed -> Double in
            var radio = link(configuration, seed: UInt64(seed))
            return radio.shadowing(at: .zero, configuration: configuration)
        }
        let summary = SampleSummary(values)
        #expect(abs((summary.mean ?? 99) - 0) < 0.32)
        #expect(abs((summary.standardDeviation ?? 99) - 4) < 0.23)
    }

    /// Rayleigh fading of unit mean power: over n draws, mean linear power has SD 1/√n.
    /// Draws 1 s apart on a moving link are independent (coherence time 47 ms at 1.1 m/s).
    /// Reported RSSI is rounded, so "≤ −10 dB" means a true fade below −9.5 dB:
    /// P = 1 − exp(−10^−0.95) = 0.1061 (rf.md §6 gives 0.0952 at exactly 10 dB); binomial SD
    /// √(p(1−p)/n) = 0.0022, tolerance 5 SDs.
    @Test("fading has unit mean power and Rayleigh's deep-fade probability (rf.md §6)")
    func fadingStatistics() {
        var configuration = RadioConfiguration(environment: .retail)
        configuration.shadowingEnabled = false
        configuration.measurementNoiseEnabled = false
        configuration.packetErrorsEnabled = false
        configuration.sensitivity = -200
        var radio = link(configuration)
        var fading = FadingState()
        let n = 20_000
        var gains: [Double] = []
        for index in 0..<n {
            let rssi = radio.receive(
                base: -50, lineOfSight: false, speed: 1.1, channelIndex: 0,
                timeNanoseconds: Int64(index) * 1_000_000_000, configuration: configuration, errors: errors, fading: &fading)
            // Integer rounding: use the unrounded relation through a finer base.
            gains.append(Double((rssi ?? -200) + 50))
        }
        let linear = gains.map { pow(10, $0 / 10) }
        let mean = linear.reduce(0, +) / Double(n)
        #expect(abs(mean - 1) < 0.06)  // rounding to 1 dB biases the linear mean by < 3 %
        let deepFades = Double(gains.filter { $0 <= -10 }.count) / Double(n)
        let expected = 1 - exp(-pow(10, -0.95))
        #expect(abs(deepFades - expected) < 5 * (expected * (1 - expected) / Double(n)).squareRoot())
    }

    @Test("a static phone sees strongly correlated fades 100 ms apart")
    func fadingIsNotIIDWhenStatic() {
        var configuration = RadioConfiguration(environment: .retail)
        configuration.shadowingEnabled = false
        configuration.measurementNoiseEnabled = false
        configuration.packetErrorsEnabled = false
        configuration.sensitivity = -200
        configuration.environmentalDopplerHz = 0.1
        var radio = link(configuration)
        var fading = FadingState()
        var previous: Int?
        var jumps = 0
        for index in 0..<200 {
            let rssi = radio.receive(
                base: -50, lineOfSight: false, speed: 0, channelIndex: 2,
                timeNanoseconds: Int64(index) * 100_000_000, configuration: configuration, errors: errors, fading: &fading)
            if let previous, let rssi, abs(previous - rssi) > 6 { jumps += 1 }
            previous = rssi
        }
        #expect(jumps < 10)
    }

    /// The reported integer is `Int(max(-127, min(126, value.rounded())))`, the expression it
    /// replaced: on every quarter and every half-way point from −140 to 140 dB, next to them, at
    /// the clamps, at zero and for NaN and the infinities.
    @Test("the reported RSSI rounds half away from zero and clamps to −127…126 as rounded() did")
    func reportedRounding() {
        var values: [Double] = [0, -0.0, .nan, .infinity, -.infinity, 126.5, -127.5, 127, -128, 0.49999999999999994]
        for quarter in -560...560 {
            let value = Double(quarter) / 4
            values += [value, value.nextUp, value.nextDown]
        }
        for value in values {
            #expect(RadioLink.reported(value) == Int(max(-127, min(126, value.rounded()))), "\(value)")
        }
    }
}
