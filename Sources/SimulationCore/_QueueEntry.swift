// SPDX-License-Identifier: GPL-3.0-or-later

/// One entry of the event heap, ordered by (time, insertion sequence).
///
/// swift-collections' `Heap` is not stable, so the sequence number breaks ties: two events at
/// the same instant fire in the order they were scheduled.
@usableFromInline
struct _QueueEntry<Payload>: Comparable {
    @usableFromInline let time: Int64
    @usableFromInline let sequence: UInt64
    @usableFromInline let payload: Payload

    @inlinable init(time: Int64, sequence: UInt64, payload: Payload) {
        self.time = time
        self.sequence = sequence
        self.payload = payload
    }

    @inlinable static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.sequence < rhs.sequence
    }

    @inlinable static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.time == rhs.time && lhs.sequence == rhs.sequence
    }
}
