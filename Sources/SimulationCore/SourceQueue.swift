// SPDX-License-Identifier: GPL-3.0-or-later

/// A min-heap of many periodic sources — one pending instant per source — ordered by
/// (time, source index).
///
/// Beacons advertise every ~100 ms forever, so the world keeps them out of the general event
/// queue: each source has exactly one entry, and "this source fired, here is its next time" is a
/// single sift-down (`replaceTop`) instead of a pop and a push. Ties at the same nanosecond go to
/// the lower source index, so the order is deterministic.
public struct SourceQueue {
    @usableFromInline var times: [Int64] = []
    @usableFromInline var sources: [Int32] = []

    public init() {}

    @inlinable public var isEmpty: Bool { times.isEmpty }
    @inlinable public var count: Int { times.count }

    /// The earliest pending instant and its source.
    @inlinable public var top: (time: SimTime, source: Int)? {
        times.isEmpty ? nil : (SimTime(nanoseconds: times[0]), Int(sources[0]))
    }

    /// Adds `source` (which must not be queued already) at `time`.
    /// - Complexity: O(log n).
    @inlinable public mutating func insert(source: Int, at time: SimTime) {
        times.append(time.nanoseconds)
        sources.append(Int32(truncatingIfNeeded: source))
        siftUp(times.count - 1)
    }

    /// Moves the top source to `time`.
    /// - Complexity: O(log n).
    @inlinable public mutating func replaceTop(at time: SimTime) {
        times[0] = time.nanoseconds
        siftDown(0)
    }

    /// Removes the top source.
    /// - Complexity: O(log n).
    @inlinable public mutating func removeTop() {
        let last = times.count - 1
        times.swapAt(0, last)
        sources.swapAt(0, last)
        times.removeLast()
        sources.removeLast()
        if !times.isEmpty { siftDown(0) }
    }

    @inlinable func precedes(_ a: Int, _ b: Int) -> Bool {
        times[a] != times[b] ? times[a] < times[b] : sources[a] < sources[b]
    }

    @inlinable mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { return }
            times.swapAt(child, parent)
            sources.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable mutating func siftDown(_ start: Int) {
        var parent = start
        let count = times.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            let right = left + 1
            let smallest = right < count && precedes(right, left) ? right : left
            guard precedes(smallest, parent) else { return }
            times.swapAt(smallest, parent)
            sources.swapAt(smallest, parent)
            parent = smallest
        }
    }
}
