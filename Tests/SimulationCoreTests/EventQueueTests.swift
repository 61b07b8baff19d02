// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import SimulationCore

@Suite("EventQueue")
struct EventQueueTests {
    @Test("events come out in time order")
    func timeOrder() {
        var queue = EventQueue<String>()
        queue.schedule("c", at: .seconds(3))
        queue.schedule("a", at: .seconds(1))
        queue.schedule("b", at: .seconds(2))
        #expect([queue.popNext()?.payload, queue.popNext()?.payload, queue.popNext()?.payload] == ["a", "b", "c"])
        #expect(queue.popNext() == nil)
    }

    @Test("ties are broken by insertion order, whatever the heap does")
    func tiesAreStable() {
        var queue = EventQueue<Int>()
        for value in 0..<1000 { queue.schedule(value, at: .seconds(Double(value % 3))) }
        var popped: [(Int64, Int)] = []
        while let (time, value) = queue.popNext() { popped.append((time.nanoseconds, value)) }
        #expect(popped.count == 1000)
        for index in 1..<popped.count {
            let (t0, v0) = popped[index - 1]
            let (t1, v1) = popped[index]
            #expect(t0 < t1 || (t0 == t1 && v0 < v1))
        }
    }

    @Test("a cancelled event is never returned, others are unaffected")
    func cancel() {
        var queue = EventQueue<String>()
        let first = queue.schedule("first", at: .seconds(1))
        queue.schedule("second", at: .seconds(1))
        let third = queue.schedule("third", at: .seconds(2))
        queue.cancel(first)
        queue.cancel(third)
        #expect(queue.nextTime() == .seconds(1))
        #expect(queue.popNext()?.payload == "second")
        let empty = queue.isEmpty
        #expect(empty)
        #expect(queue.popNext() == nil)
    }

    @Test("cancelling an unknown handle is harmless")
    func cancelUnknown() {
        var queue = EventQueue<Int>()
        queue.cancel(EventHandle(sequence: 42))
        queue.schedule(1, at: .zero)
        #expect(queue.popNext()?.payload == 1)
    }
}
