// SPDX-License-Identifier: GPL-3.0-or-later

extension SourceCalendar {
    /// The calendar's state in flat buffers reached through `_UnsafeHandle`: per bucket its first
    /// waiting source (−1: none); per source its pending time and the next source in the same
    /// bucket; the current day's sources sorted with the earliest last. Owned by one
    /// `SourceCalendar`, which copies it before changing it when it is shared, so the calendar
    /// keeps value semantics; the queue's per-event operations pay no array bounds or uniqueness
    /// checks, and (single-threaded, never re-entered) no exclusivity checks.
    final class Storage {
        static let dayShift: Int64 = 20
        static let bucketCount = 1024

        @exclusivity(unchecked) private var head: _UnsafeHandle<Int32>
        @exclusivity(unchecked) private var times: _UnsafeHandle<Int64>
        @exclusivity(unchecked) private var next: _UnsafeHandle<Int32>
        /// Sources `times` and `next` have room for.
        @exclusivity(unchecked) private var capacity = 0
        @exclusivity(unchecked) private var today: _UnsafeHandle<SourceEntry>
        @exclusivity(unchecked) private(set) var todayCount = 0
        /// The current day number (time >> dayShift).
        @exclusivity(unchecked) private var day: Int64 = 0
        /// Sources waiting in buckets (not counting `today`).
        @exclusivity(unchecked) private(set) var waiting = 0

        init() {
            head = .allocate(repeating: -1, count: Self.bucketCount)
            times = .allocate(repeating: 0, count: 0)
            next = .allocate(repeating: -1, count: 0)
            today = .allocate(repeating: SourceEntry(time: 0, source: 0), count: 0)
        }

        deinit {
            head.deallocate()
            times.deallocate()
            next.deallocate()
            today.deallocate()
        }

        /// A storage with the same contents.
        func copy() -> Storage {
            let copy = Storage()
            copy.reserve(sources: capacity)
            copy.head.update(from: head, count: Self.bucketCount)
            copy.times.update(from: times, count: capacity)
            copy.next.update(from: next, count: capacity)
            copy.today.update(from: today, count: todayCount)
            (copy.todayCount, copy.day, copy.waiting) = (todayCount, day, waiting)
            return copy
        }

        /// The earliest entry of the current day (nil when the day is done).
        var first: SourceEntry? { todayCount > 0 ? today[todayCount - 1] : nil }

        /// Adds `source` (not queued already) at `time` ns, not before the last entry taken.
        func insert(source: Int, at time: Int64) {
            if source >= capacity { reserve(sources: source + 1) }
            let entryDay = time >> Self.dayShift
            if entryDay <= day {  // never earlier than the current top, so it belongs to today's batch
                insertToday(SourceEntry(time: time, source: source))
                return
            }
            let bucket = Int(entryDay & Int64(Self.bucketCount - 1))
            times[source] = time
            next[source] = head[bucket]
            head[bucket] = Int32(source)
            waiting += 1
        }

        /// Removes the current day's earliest entry and returns it.
        @discardableResult func removeFirst() -> SourceEntry? {
            guard todayCount > 0 else { return nil }
            todayCount -= 1
            return today[todayCount]
        }

        /// Keeps `today` sorted with the earliest last.
        private func insertToday(_ entry: SourceEntry) {
            var index = todayCount
            while index > 0, today[index - 1].precedes(entry) {
                today[index] = today[index - 1]
                index -= 1
            }
            today[index] = entry
            todayCount += 1
        }

        /// Moves to the next day holding a source and takes its sources out into `today`.
        func advance() {
            guard waiting > 0 else { return }
            var scanned = 0
            while todayCount == 0 {
                scanned += 1
                if scanned > Self.bucketCount {  // a whole year empty: jump to the earliest source's day
                    day = (0..<Self.bucketCount).map { earliest(inBucket: $0) }.min().map { $0 >> Self.dayShift } ?? day + 1
                    scanned = 0
                } else {
                    day += 1
                }
                let bucket = Int(day & Int64(Self.bucketCount - 1))
                var previous: Int32 = -1
                var source = head[bucket]
                while source >= 0 {
                    let following = next[Int(source)]
                    if times[Int(source)] >> Self.dayShift == day {
                        if previous < 0 { head[bucket] = following } else { next[Int(previous)] = following }
                        insertToday(SourceEntry(time: times[Int(source)], source: Int(source)))
                        waiting -= 1
                    } else {
                        previous = source
                    }
                    source = following
                }
            }
        }

        /// Verifies the calendar's invariants (the checking build, `BEACONSIM_INTERNAL_CHECKS`):
        /// `today` sorted with the earliest last (it may hold a source inserted, for a time before
        /// the current day, after the top was looked at); every waiting source in the bucket of its
        /// day, after the current day; each source once; `waiting` their number.
        func checkInvariants() {
            var seen = Set<Int>()
            for index in 0..<todayCount {
                precondition(seen.insert(today[index].source).inserted, "calendar: a source queued twice")
                if index > 0 { precondition(!today[index - 1].precedes(today[index]), "calendar: today unsorted") }
            }
            var counted = 0
            for bucket in 0..<Self.bucketCount {
                var source = head[bucket]
                while source >= 0 {
                    let time = times[Int(source)]
                    precondition(Int((time >> Self.dayShift) & Int64(Self.bucketCount - 1)) == bucket, "calendar: wrong bucket")
                    precondition(time >> Self.dayShift > day, "calendar: a waiting source of a past day")
                    precondition(seen.insert(Int(source)).inserted, "calendar: a source queued twice")
                    counted += 1
                    source = next[Int(source)]
                }
            }
            precondition(counted == waiting, "calendar: waiting count wrong")
        }

        /// The earliest time waiting in `bucket` (`Int64.max` when empty).
        private func earliest(inBucket bucket: Int) -> Int64 {
            var result = Int64.max
            var source = head[bucket]
            while source >= 0 {
                result = min(result, times[Int(source)])
                source = next[Int(source)]
            }
            return result
        }

        /// Room for `sources` sources (and as many in `today`), keeping what is there.
        private func reserve(sources: Int) {
            guard sources > capacity else { return }
            let newCapacity = max(sources, 2 * capacity)
            times = times.moved(count: capacity, toCapacity: newCapacity, filling: 0)
            next = next.moved(count: capacity, toCapacity: newCapacity, filling: -1)
            today = today.moved(count: todayCount, toCapacity: newCapacity, filling: SourceEntry(time: 0, source: 0))
            capacity = newCapacity
        }
    }
}
