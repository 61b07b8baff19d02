// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// A calendar queue (Brown 1988) of many periodic sources — one pending instant per source —
/// ordered like `SourceQueue` by (time, source index), for the world's fast loop.
///
/// Time is cut into days of 2^20 ns (about 1 ms) and the days into a year of 1,024 buckets; a
/// source waits in the bucket of its day (a linked list threaded through flat per-source buffers,
/// `SourceCalendar.Storage`, so nothing is allocated per event). The sources of the current day
/// are taken out together, sorted (a handful: 200 beacons at 100 ms make two per day) and handed
/// out in order — the
/// advertising events of one short time step processed as a batch, each at its exact time. A
/// beacon's next event lands a hundred days later, so rescheduling is a push onto a list, not a
/// heap sift. Sources further than a year ahead stay in their bucket until their year comes.
struct SourceCalendar: SourceScheduling {
    private var storage = Storage()

    init() {}

    var isEmpty: Bool { storage.todayCount == 0 && storage.waiting == 0 }
    var count: Int { storage.todayCount + storage.waiting }

    /// The earliest pending instant and its source.
    var top: (time: SimTime, source: Int)? {
        mutating get {
            if storage.todayCount == 0 {
                makeUnique()
                storage.advance()
            }
            guard let first = storage.first else { return nil }
            return (SimTime(nanoseconds: first.time), first.source)
        }
    }

    /// Adds `source` (which must not be queued already) at `time`, not before the last top taken.
    mutating func insert(source: Int, at time: SimTime) {
        makeUnique()
        storage.insert(source: source, at: time.nanoseconds)
        checkInvariants()
    }

    /// Moves the top source to `time` (not earlier than the top's).
    mutating func replaceTop(at time: SimTime) {
        makeUnique()
        guard let first = storage.removeFirst() else { return }
        storage.insert(source: first.source, at: time.nanoseconds)
        checkInvariants()
    }

    /// Removes the top source.
    mutating func removeTop() {
        makeUnique()
        storage.removeFirst()
        checkInvariants()
    }

    /// In the checking build (`BEACONSIM_INTERNAL_CHECKS`), verifies the calendar after a change.
    private func checkInvariants() {
        #if BEACONSIM_INTERNAL_CHECKS
            storage.checkInvariants()
        #endif
    }

    /// Copies the storage before a change when another calendar shares it (value semantics).
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }
}
