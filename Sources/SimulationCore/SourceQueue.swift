// SPDX-License-Identifier: GPL-3.0-or-later

/// A min-heap of many periodic sources — one pending instant per source — ordered by
/// (time, source index).
///
/// Beacons advertise every ~100 ms forever, so the world keeps them out of the general event
/// queue: each source has exactly one entry, and "this source fired, here is its next time" is a
/// single sift-down (`replaceTop`) instead of a pop and a push. Ties at the same nanosecond go to
/// the lower source index, so the order is deterministic. The heap is 4-ary: half the levels of a
/// binary heap, with the children of a node in one cache line.
public struct SourceQueue: SourceScheduling {
    @usableFromInline typealias Entry = SourceEntry

    @usableFromInline var entries: [Entry] = []

    @inlinable public init() {}

    @inlinable public var isEmpty: Bool { entries.isEmpty }
    @inlinable public var count: Int { entries.count }

    /// The earliest pending instant and its source.
    @inlinable public var top: (time: SimTime, source: Int)? {
        guard let first = entries.first else { return nil }
        return (SimTime(nanoseconds: first.time), first.source)
    }

    /// Adds `source` (which must not be queued already) at `time`.
    /// - Complexity: O(log n).
    @inlinable public mutating func insert(source: Int, at time: SimTime) {
        entries.append(Entry(time: time.nanoseconds, source: source))
        entries.withUnsafeMutableBufferPointer { heap in
            let moving = heap[heap.count - 1]
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 4
                guard moving.precedes(heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = moving
        }
        checkInvariants()
    }

    /// Moves the top source to `time`.
    /// - Complexity: O(log n).
    @inlinable public mutating func replaceTop(at time: SimTime) {
        guard !entries.isEmpty else { return }
        let moving = Entry(time: time.nanoseconds, source: entries[0].source)
        entries.withUnsafeMutableBufferPointer { Self.siftDown(moving, in: $0) }
        checkInvariants()
    }

    /// Removes the top source.
    /// - Complexity: O(log n).
    @inlinable public mutating func removeTop() {
        guard let last = entries.popLast() else { return }
        guard !entries.isEmpty else { return }
        entries.withUnsafeMutableBufferPointer { Self.siftDown(last, in: $0) }
        checkInvariants()
    }

    /// In the checking build (`BEACONSIM_INTERNAL_CHECKS`), verifies the 4-ary heap order after a
    /// change: no entry precedes its parent.
    @inlinable func checkInvariants() {
        #if BEACONSIM_INTERNAL_CHECKS
            for index in entries.indices.dropFirst() {
                precondition(!entries[index].precedes(entries[(index - 1) / 4]), "source queue: heap order broken")
            }
        #endif
    }

    /// Places `moving` at the root's hole and sifts it down (hole method: one write per level).
    @inlinable static func siftDown(_ moving: Entry, in heap: UnsafeMutableBufferPointer<Entry>) {
        let count = heap.count
        var hole = 0
        while true {
            let first = 4 * hole + 1
            guard first < count else { break }
            var child = first
            let last = min(first + 4, count)
            var candidate = first + 1
            while candidate < last {
                if heap[candidate].precedes(heap[child]) { child = candidate }
                candidate += 1
            }
            guard heap[child].precedes(moving) else { break }
            heap[hole] = heap[child]
            hole = child
        }
        heap[hole] = moving
    }
}
