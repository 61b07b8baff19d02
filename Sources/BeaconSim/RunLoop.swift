// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The one loop of every run: it merges the world's event queue with a radio medium's arrivals
/// (`RadioMedium`), taking the earlier of the two each time until `end`. The same-instant rule
/// lives here: at equal times the world's event goes first (a power change or a phone's timer at
/// t is seen by an arrival at t), since the medium is asked only for arrivals before the world's
/// next event.
struct RunLoop {
    /// The last instant handled, inclusive (the scenario's duration, or where the medium closed).
    var end: SimTime

    /// Runs `world` with `medium` to `end`; returns false when the world's stop flag was raised
    /// first (checked every 4,096 events).
    mutating func run<Medium: RadioMedium & ~Copyable>(_ world: World, medium: inout Medium) -> Bool {
        world.scheduleInitialEvents()
        medium.start(in: world)
        var nextEvent = world.events.nextTime()
        while true {
            if world.eventsHandled & 0xFFF == 0, let stop = world.stop, stop.isRaised { return false }
            // Strictly before the world's next event: that event goes first at the same instant.
            let limit = nextEvent.map { min($0 - .nanoseconds(1), end) } ?? end
            switch medium.nextArrival(notAfter: limit) {
            case .at(let time):
                world.arrive(at: time)
                // Only a rescheduled phone changes the world's queue during a delivery.
                if medium.deliver(at: time, in: world) { nextEvent = world.events.nextTime() }
            case .none:
                guard let event = world.nextEvent(until: end) else { return true }
                world.handle(event, medium: &medium)
                nextEvent = world.events.nextTime()
            case .closed(let time):
                end = min(end, max(time, world.now))
                while let event = world.nextEvent(until: end) { world.handle(event, medium: &medium) }
                return true
            }
        }
    }
}
