// SPDX-License-Identifier: GPL-3.0-or-later
import PhoneModel
import SimulationCore
import Testing

@Suite("RangingClock")
struct RangingClockTests {
    @Test("ticks follow the grid's phase, one period apart, each handed out once")
    func ticks() {
        var clock = RangingClock(grid: CycleGrid(period: .seconds(1), phase: 0.25), after: .zero)
        #expect(clock.nextTick == SimTime(nanoseconds: 250_000_000))
        #expect(clock.popDue(notAfter: SimTime(nanoseconds: 249_999_999)) == nil)
        #expect(clock.popDue(notAfter: .seconds(3)) == SimTime(nanoseconds: 250_000_000))
        #expect(clock.popDue(notAfter: .seconds(3)) == SimTime(nanoseconds: 1_250_000_000))
        #expect(clock.nextTick == SimTime(nanoseconds: 2_250_000_000))
    }

    @Test("scan-cycle ranging has no clock of its own")
    func scanCycle() {
        var clock = RangingClock(grid: nil, after: .zero)
        #expect(clock.nextTick == nil)
        #expect(clock.popDue(notAfter: .seconds(100)) == nil)
    }
}
