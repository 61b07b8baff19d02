// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SimulationCore

@Suite("Simulator")
struct SimulatorTests {
    @Test("run-until stops at the horizon and leaves later events queued")
    func runUntil() {
        var simulator = Simulator<Int>()
        simulator.schedule(1, at: .seconds(1))
        simulator.schedule(2, at: .seconds(5))
        var seen: [Int] = []
        simulator.run(until: .seconds(3)) { _, event in seen.append(event) }
        #expect(seen == [1])
        #expect(simulator.now == .seconds(3))
        simulator.run(until: .seconds(10)) { _, event in seen.append(event) }
        #expect(seen == [1, 2])
    }

    @Test("handlers schedule follow-ups relative to now")
    func followUps() {
        var simulator = Simulator<Int>()
        simulator.schedule(0, at: .zero)
        var times: [Int64] = []
        simulator.run(until: .seconds(1)) { sim, event in
            times.append(sim.now.nanoseconds)
            if event < 3 { sim.schedule(event + 1, after: .milliseconds(100)) }
        }
        #expect(times == [0, 100_000_000, 200_000_000, 300_000_000])
    }

    @Test("an event at exactly the horizon is handled")
    func inclusiveHorizon() {
        var simulator = Simulator<Int>()
        simulator.schedule(7, at: .seconds(2))
        var seen: [Int] = []
        simulator.run(until: .seconds(2)) { _, event in seen.append(event) }
        #expect(seen == [7])
    }

    @Test("time formatting is exact")
    func formatting() {
        #expect(SimTime(nanoseconds: 1_500_000_001).description == "1.500000001")
        #expect(SimDuration(nanoseconds: -2_500_000_000).secondsString == "-2.500000000")
        #expect(SimDuration.bleSlots(160) == .milliseconds(100))
    }
}
