// SPDX-License-Identifier: GPL-3.0-or-later
import PhoneModel
import SimulationCore
import Testing
import TestSupport

@Suite("ListeningSpan")
struct ListeningSpanTests {
    /// A schedule with every part the answer depends on, drawn at random (ms-scale values, so
    /// boundaries of different parts fall close to each other).
    func randomSchedule(_ random: inout SplitMix64) -> ListeningSchedule {
        func milliseconds(_ range: ClosedRange<Int64>) -> SimDuration {
            .nanoseconds(Int64.random(in: range, using: &random) * 1_000_000)
        }
        let interval = milliseconds(1...400)
        let gate = ScanPattern(
            window: Bool.random(using: &random) ? interval : milliseconds(0...400), interval: interval,
            anchor: SimTime(nanoseconds: Int64.random(in: -500...500, using: &random) * 1_000_000))
        let from =
            Bool.random(using: &random) ? SimTime(nanoseconds: Int64.random(in: 0...3_000, using: &random) * 1_000_000) : nil
        let until =
            Bool.random(using: &random) ? SimTime(nanoseconds: Int64.random(in: 0...3_000, using: &random) * 1_000_000) : nil
        let throttle =
            Bool.random(using: &random)
            ? ScanThrottle(limit: Int.random(in: 0...4, using: &random), period: milliseconds(1...1_500)) : nil
        let filteredInterval = milliseconds(1...300)
        let filtered =
            Bool.random(using: &random) ? ScanPattern(window: milliseconds(0...300), interval: filteredInterval) : nil
        return ListeningSchedule(gate: gate, from: from, until: until, throttle: throttle, filtered: filtered)
    }

    @Test("A span's answer holds at every instant inside it, and it contains the instant asked about")
    func spanIsConstant() {
        var random = SplitMix64(seed: 20_261_123)
        for _ in 0..<150 {
            let schedule = randomSchedule(&random)
            var time = Int64.random(in: -1_000...1_000, using: &random) * 1_000_000
            for _ in 0..<20 {
                let span = schedule.span(at: SimTime(nanoseconds: time))
                #expect(span.contains(time))
                #expect(span.until > time)
                #expect(span.listening == schedule.isListening(at: SimTime(nanoseconds: time)))
                // Probe the span's start, its last nanosecond and points in between (capped for long spans).
                let last = min(span.until, time + 5_000_000_000) - 1
                var probes = [time, last]
                for _ in 0..<6 { probes.append(Int64.random(in: time...last, using: &random)) }
                for probe in probes {
                    #expect(schedule.isListening(at: SimTime(nanoseconds: probe)) == span.listening)
                }
                guard span.until < .max else { break }
                time = span.until
            }
        }
    }

    @Test("A continuous or off pattern never changes; a duty-cycled one changes at window edges")
    func patternChanges() {
        #expect(ScanPattern.continuous.nextChange(after: .seconds(3)) == .max)
        #expect(ScanPattern.off.nextChange(after: .seconds(3)) == .max)
        let pattern = ScanPattern(window: .milliseconds(300), interval: .seconds(1), anchor: SimTime(nanoseconds: 100_000_000))
        #expect(pattern.nextChange(after: SimTime(nanoseconds: 100_000_000)) == 400_000_000)  // in the window: its end
        #expect(pattern.nextChange(after: SimTime(nanoseconds: 399_000_000)) == 400_000_000)
        #expect(pattern.nextChange(after: SimTime(nanoseconds: 400_000_000)) == 1_100_000_000)  // after it: the next start
        #expect(pattern.nextChange(after: SimTime(nanoseconds: 50_000_000)) == 100_000_000)  // before the anchor
    }
}
