// SPDX-License-Identifier: GPL-3.0-or-later
import SimulationCore
import Testing

/// A handle says whether its event is still to fire; cancelling a fired event changes nothing.
@Suite("Event handles")
struct EventHandleTests {
    @Test("pending until fired or cancelled")
    func pending() {
        var simulator = Simulator<Int>()
        let first = simulator.schedule(1, at: .seconds(1))
        let second = simulator.schedule(2, at: .seconds(2))
        let third = simulator.schedule(3, at: .seconds(3))
        #expect(simulator.isPending(first) && simulator.isPending(second) && simulator.isPending(third))
        simulator.cancel(second)
        #expect(!simulator.isPending(second))
        #expect(simulator.next(until: .seconds(10)) == 1)
        #expect(!simulator.isPending(first))
        #expect(simulator.isPending(third))
        #expect(simulator.next(until: .seconds(10)) == 3)
        #expect(!simulator.isPending(third))
        #expect(simulator.next(until: .seconds(10)) == nil)
    }

    @Test("cancelling an event that already fired does not cancel a later one")
    func cancelAfterFiring() {
        var queue = EventQueue<Int>()
        let handle = queue.schedule(1, at: .seconds(1))
        _ = queue.popNext()
        queue.cancel(handle)
        queue.schedule(2, at: .seconds(2))
        let empty = queue.isEmpty
        #expect(!empty)
        let next = queue.popNext()
        #expect(next?.payload == 2)
    }
}
