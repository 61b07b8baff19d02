// SPDX-License-Identifier: GPL-3.0-or-later

/// A calendar queue (Brown 1988) of many periodic sources — one pending instant per source —
/// ordered like `SourceQueue` by (time, source index), for the world's fast loop.
///
/// Time is cut into days of 2^20 ns (about 1 ms) and the days into a year of 1,024 buckets; a
/// source waits in the bucket of its day (a linked list threaded through flat per-source arrays,
/// so nothing is allocated per event). The sources of the current day are taken out together,
/// sorted (a handful: 200 beacons at 100 ms make two per day) and handed out in order — the
/// advertising events of one short time step processed as a batch, each at its exact time. A
/// beacon's next event lands a hundred days later, so rescheduling is a push onto a list, not a
/// heap sift. Sources further than a year ahead stay in their bucket until their year comes.
public struct SourceCalendar: SourceScheduling {
    @usableFromInline static let dayShift: Int64 = 20
    @usableFromInline static let bucketCount = 1024

    /// Per bucket, its first waiting source (−1: none); per source, its pending time and the next
    /// source in the same bucket.
    @usableFromInline var head = [Int32](repeating: -1, count: bucketCount)
    @usableFromInline var times: [Int64] = []
    @usableFromInline var next: [Int32] = []
    /// The current day's sources, sorted with the earliest last.
    @usableFromInline var today: [SourceEntry] = []
    /// The current day number (time >> dayShift).
    @usableFromInline var day: Int64 = 0
    /// Sources waiting in buckets (not counting `today`).
    @usableFromInline var waiting = 0

    @inlinable public init() {}

    @inlinable public var isEmpty: Bool { today.isEmpty && waiting == 0 }
    @inlinable public var count: Int { today.count + waiting }

    /// The earliest pending instant and its source.
    @inlinable public var top: (time: SimTime, source: Int)? {
        mutating get {
            if today.isEmpty { advance() }
            guard let first = today.last else { return nil }
            return (SimTime(nanoseconds: first.time), first.source)
        }
    }

    /// Adds `source` (which must not be queued already) at `time`, not before the last top taken.
    @inlinable public mutating func insert(source: Int, at time: SimTime) {
        let entryDay = time.nanoseconds >> Self.dayShift
        if entryDay <= day {  // never earlier than the current top, so it belongs to today's batch
            insertToday(SourceEntry(time: time.nanoseconds, source: source))
            return
        }
        if source >= times.count {
            times += [Int64](repeating: 0, count: source + 1 - times.count)
            next += [Int32](repeating: -1, count: source + 1 - next.count)
        }
        let bucket = Int(entryDay & Int64(Self.bucketCount - 1))
        times[source] = time.nanoseconds
        next[source] = head[bucket]
        head[bucket] = Int32(source)
        waiting += 1
    }

    /// Moves the top source to `time` (not earlier than the top's).
    @inlinable public mutating func replaceTop(at time: SimTime) {
        guard let first = today.popLast() else { return }
        insert(source: first.source, at: time)
    }

    /// Removes the top source.
    @inlinable public mutating func removeTop() { _ = today.popLast() }

    /// Keeps `today` sorted with the earliest last.
    @inlinable mutating func insertToday(_ entry: SourceEntry) {
        today.append(entry)  // then moved down past the later ones (a handful; no memmove call)
        var index = today.count - 1
        while index > 0, today[index - 1].precedes(entry) {
            today[index] = today[index - 1]
            index -= 1
        }
        today[index] = entry
    }

    /// Moves to the next day holding a source and takes its sources out into `today`.
    @usableFromInline mutating func advance() {
        guard waiting > 0 else { return }
        var scanned = 0
        while today.isEmpty {
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
}
