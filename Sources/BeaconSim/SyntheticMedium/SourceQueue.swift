// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// A min-heap of many periodic sources — one pending instant per source — ordered by
/// (time, source index).
///
/// Beacons advertise every ~100 ms forever, so the world keeps them out of the general event
/// queue: each source has exactly one entry, and "this source fired, here is its next time" is a
/// single sift-down (`replaceTop`) instead of a pop and a push. Ties at the same nanosecond go to
/// the lower source index, so the order is deterministic. The heap is 4-ary: half the levels of a
/// binary heap, with the children of a node in one cache line.
struct SourceQueue: SourceScheduling {
    private var entries: [SourceEntry] = []

    init() {}

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The earliest pending instant and its source.
    var top: (time: SimTime, source: Int)? {
        guard let first = entries.first else { return nil }
        return (SimTime(nanoseconds: first.time), first.source)
    }

    /// Adds `source` (which must not be queued already) at `time`.
    /// - Complexity: O(log n).
    mutating func insert(source: Int, at time: SimTime) {
        entries.append(SourceEntry(time: time.nanoseconds, source: source))
        _update { $0.siftUpLast() }
        checkInvariants()
    }

    /// Moves the top source to `time`.
    /// - Complexity: O(log n).
    mutating func replaceTop(at time: SimTime) {
        guard let first = entries.first else { return }
        let moving = SourceEntry(time: time.nanoseconds, source: first.source)
        _update { $0.siftDown(moving) }
        checkInvariants()
    }

    /// Removes the top source.
    /// - Complexity: O(log n).
    mutating func removeTop() {
        guard let last = entries.popLast(), !entries.isEmpty else { return }
        _update { $0.siftDown(last) }
        checkInvariants()
    }

    /// Runs `body` with a handle on the heap's entries, changed in place without bounds checks
    /// (swift-collections' `Heap._update`).
    private mutating func _update(_ body: (_UnsafeHandle<SourceEntry>) -> Void) {
        _UnsafeHandle.update(&entries, body)
    }

    /// In the checking build (`BEACONSIM_INTERNAL_CHECKS`), verifies the 4-ary heap order after a
    /// change: no entry precedes its parent.
    private func checkInvariants() {
        #if BEACONSIM_INTERNAL_CHECKS
            for index in entries.indices.dropFirst() {
                precondition(!entries[index].precedes(entries[(index - 1) / 4]), "source queue: heap order broken")
            }
        #endif
    }
}
