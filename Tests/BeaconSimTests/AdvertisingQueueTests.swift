// SPDX-License-Identifier: GPL-3.0-or-later
import SimulationCore
import TestSupport
import Testing

@testable import BeaconSim

@Suite("SourceCalendar")
struct SourceCalendarTests {
    /// Beacons with intervals from 20 ms to 30 s (some longer than the calendar's year), ties at
    /// the same nanosecond, sources switched off and on: the calendar hands out exactly the
    /// heap's sequence of (time, source).
    @Test("the same (time, source) sequence as the 4-ary heap", arguments: [1, 2, 3])
    func sameSequenceAsHeap(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        func next(_ bound: Int64) -> Int64 { Int64(random.next() % UInt64(bound)) }
        let intervals: [Int64] = (0..<300).map { source in
            source % 50 == 0 ? 30_000_000_000 : source % 7 == 0 ? 20_000_000 : 100_000_000 + next(1_000_000_000)
        }
        var heap = SourceQueue()
        var calendar = SourceCalendar()
        for source in intervals.indices {
            let start = SimTime(nanoseconds: source % 10 == 0 ? 5_000_000 : next(2_000_000_000))  // ties at 5 ms
            heap.insert(source: source, at: start)
            calendar.insert(source: source, at: start)
        }
        var off: [Int] = []
        for step in 0..<40_000 {
            let expected = heap.top
            let got = calendar.top
            #expect(got?.time == expected?.time && got?.source == expected?.source, "step \(step)")
            guard let (time, source) = expected else { break }
            if step % 997 == 0 {  // switch a source off for a while
                heap.removeTop()
                calendar.removeTop()
                off.append(source)
            } else {
                let gap = SimTime(nanoseconds: time.nanoseconds + intervals[source] + next(10_000_000))
                heap.replaceTop(at: gap)
                calendar.replaceTop(at: gap)
            }
            if step % 1500 == 0, let back = off.popLast() {  // and back on, at the current instant or later
                let at = SimTime(nanoseconds: time.nanoseconds + (step % 3000 == 0 ? 0 : next(50_000_000)))
                heap.insert(source: back, at: at)
                calendar.insert(source: back, at: at)
            }
        }
    }

    @Test("a copy is a value: changing one calendar leaves the other as it was")
    func valueSemantics() {
        var original = SourceCalendar()
        for source in 0..<5 { original.insert(source: source, at: SimTime(nanoseconds: Int64(source + 1) * 10_000_000)) }
        var copy = original
        #expect(copy.top?.source == 0)
        copy.replaceTop(at: SimTime(nanoseconds: 500_000_000))
        copy.insert(source: 9, at: SimTime(nanoseconds: 15_000_000))
        var order: [Int] = []
        while let top = original.top {
            order.append(top.source)
            original.removeTop()
        }
        #expect(order == [0, 1, 2, 3, 4])
        var copied: [Int] = []
        while let top = copy.top {
            copied.append(top.source)
            copy.removeTop()
        }
        #expect(copied == [9, 1, 2, 3, 4, 0])
    }
}

@Suite("SourceQueue")
struct SourceQueueTests {
    @Test("replaceTop keeps (time, source) order, ties to the lower source")
    func ordering() {
        var queue = SourceQueue()
        for (source, time) in [(0, 30), (1, 10), (2, 20), (3, 10)] { queue.insert(source: source, at: .seconds(Double(time))) }
        var order: [Int] = []
        for _ in 0..<4 {
            guard let top = queue.top else { break }
            order.append(top.source)
            queue.replaceTop(at: top.time + .seconds(100))
        }
        #expect(order == [1, 3, 2, 0])
    }

    @Test("removeTop empties the queue in order, matching a sort")
    func removal() {
        var queue = SourceQueue()
        let times: [Int64] = [5, 3, 9, 1, 7, 3, 8]
        for (source, time) in times.enumerated() { queue.insert(source: source, at: SimTime(nanoseconds: time)) }
        var popped: [(Int64, Int)] = []
        while let top = queue.top {
            popped.append((top.time.nanoseconds, top.source))
            queue.removeTop()
        }
        let expected = times.enumerated().map { ($0.element, $0.offset) }.sorted { $0 < $1 }
        #expect(popped.map(\.0) == expected.map(\.0))
        #expect(popped.map(\.1) == expected.map(\.1))
    }
}
