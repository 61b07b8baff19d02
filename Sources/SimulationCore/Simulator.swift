// SPDX-License-Identifier: GPL-3.0-or-later

/// A discrete-event simulator: a virtual clock and a queue of typed events.
///
/// The event type is a plain value (usually an enum of the world's event kinds) rather than a
/// closure, so scheduling allocates nothing beyond the heap slot. The simulator is deliberately
/// not `Sendable`: each replication owns its own.
public struct Simulator<Event> {
    /// The current simulated instant: the time of the event being handled.
    public var now: SimTime { _now }
    @usableFromInline var _now: SimTime = .zero
    @usableFromInline var queue = EventQueue<Event>()

    @inlinable public init() {}

    /// Number of events handled so far.
    public var handledCount: Int { _handledCount }
    @usableFromInline var _handledCount: Int = 0

    /// Schedules `event` at the absolute instant `time`, which must not be earlier than `now`
    /// (scheduling in the past is a programming error, not something to clamp quietly).
    @inlinable @discardableResult
    public mutating func schedule(_ event: Event, at time: SimTime) -> EventHandle {
        precondition(time >= _now, "event scheduled at \(time), before the current instant \(_now)")
        return queue.schedule(event, at: time)
    }

    /// Schedules `event` `delay` after `now`.
    @inlinable @discardableResult
    public mutating func schedule(_ event: Event, after delay: SimDuration) -> EventHandle {
        schedule(event, at: _now + delay)
    }

    /// Cancels a scheduled event in O(1); a fired or cancelled one is left alone.
    @inlinable public mutating func cancel(_ handle: EventHandle) { queue.cancel(handle) }

    /// Whether the handle's event is still to fire.
    @inlinable public func isPending(_ handle: EventHandle) -> Bool { queue.isPending(handle) }

    /// Removes the next event due at or before `end`, advancing the clock to it.
    @inlinable public mutating func next(until end: SimTime) -> Event? {
        guard let time = queue.nextTime(), time <= end, let (at, event) = queue.popNext() else { return nil }
        _now = at
        _handledCount += 1
        return event
    }

    /// The time of the next event, if any (without removing it).
    @inlinable public mutating func nextEventTime() -> SimTime? { queue.nextTime() }

    /// Runs events in (time, sequence) order until none is due at or before `end`, then leaves the
    /// clock at `end`. `handle` may schedule and cancel further events through the simulator.
    @inlinable public mutating func run(until end: SimTime, _ handle: (inout Simulator<Event>, Event) -> Void) {
        while let event = next(until: end) { handle(&self, event) }
        if _now < end { _now = end }
    }
}
