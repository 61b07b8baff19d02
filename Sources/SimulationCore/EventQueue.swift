// SPDX-License-Identifier: GPL-3.0-or-later
public import HeapModule

/// A priority queue of future events ordered by (time, insertion sequence), with O(1) lazy cancel.
///
/// Cancelled events stay in the heap and are discarded when they reach the front (as in SimPy
/// and ns-3), so `cancel` is O(1) and never reshapes the heap. The queue knows which events are
/// still pending (scheduled, neither fired nor cancelled), so a handle can be asked.
public struct EventQueue<Payload> {
    @usableFromInline var heap = Heap<_QueueEntry<Payload>>()
    @usableFromInline var nextSequence: UInt64 = 0
    /// Sequences of the events scheduled and neither fired nor cancelled.
    @usableFromInline var pending = Set<UInt64>()

    @inlinable public init() {}

    /// Whether no live event remains (discards cancelled entries at the front to find out).
    @inlinable public var isEmpty: Bool {
        mutating get { nextTime() == nil }
    }

    /// Adds `payload` at `time`.
    /// - Complexity: O(log n).
    @inlinable @discardableResult
    public mutating func schedule(_ payload: Payload, at time: SimTime) -> EventHandle {
        let sequence = nextSequence
        nextSequence &+= 1
        heap.insert(_QueueEntry(time: time.nanoseconds, sequence: sequence, payload: payload))
        pending.insert(sequence)
        checkInvariants()
        return EventHandle(sequence: sequence)
    }

    /// Marks the event as cancelled; it will never be returned by `popNext`. Cancelling an event
    /// that already fired or was cancelled does nothing.
    /// - Complexity: O(1).
    @inlinable public mutating func cancel(_ handle: EventHandle) {
        pending.remove(handle.sequence)
    }

    /// Whether the handle's event is still to fire (scheduled, neither fired nor cancelled).
    /// - Complexity: O(1).
    @inlinable public func isPending(_ handle: EventHandle) -> Bool { pending.contains(handle.sequence) }

    /// The time of the earliest live event, if any.
    @inlinable public mutating func nextTime() -> SimTime? {
        discardCancelledFront()
        return heap.min.map { SimTime(nanoseconds: $0.time) }
    }

    /// Removes and returns the earliest live event.
    /// - Complexity: O(log n) amortised.
    @inlinable public mutating func popNext() -> (time: SimTime, payload: Payload)? {
        discardCancelledFront()
        guard let entry = heap.popMin() else { return nil }
        pending.remove(entry.sequence)
        checkInvariants()
        return (SimTime(nanoseconds: entry.time), entry.payload)
    }

    /// In the checking build (`BEACONSIM_INTERNAL_CHECKS`), verifies the queue after a change: the
    /// heap's minimum precedes every entry, and every pending event is in the heap.
    @inlinable func checkInvariants() {
        #if BEACONSIM_INTERNAL_CHECKS
            guard let first = heap.min else { return precondition(pending.isEmpty, "event queue: pending events lost") }
            precondition(heap.unordered.allSatisfy { !($0 < first) }, "event queue: heap minimum wrong")
            let queued = Set(heap.unordered.map(\.sequence))
            precondition(pending.isSubset(of: queued), "event queue: a pending event is not in the heap")
        #endif
    }

    @inlinable mutating func discardCancelledFront() {
        while let front = heap.min, !pending.contains(front.sequence) { _ = heap.popMin() }
    }
}
