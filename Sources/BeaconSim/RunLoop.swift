// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// The loop of `World.run`: it owns the advertising queue (`SourceCalendar` in the fast loop,
/// `SourceQueue` in the reference loop) and merges it with the world's general event queue,
/// taking the earlier of the two each time until `end`. The same-instant rule: at equal times the
/// general event goes first (a power change or a phone's timer at t is seen by an advertising
/// event at t), and among beacons the lower index first (`SourceEntry`).
struct RunLoop<Queue: SourceScheduling> {
    var queue: Queue
    /// The last instant handled, inclusive (the scenario's duration).
    let end: SimTime

    /// Runs `world` with its link table `table` to `end`; returns false when the world's stop flag
    /// was raised first (checked every 4,096 general events).
    mutating func run(_ world: World, table: inout LinkTable) -> Bool {
        world.scheduleInitialEvents(table: &table, queue: &queue)
        var nextGeneral = world.simulator.nextEventTime()
        while true {
            if world.simulator.handledCount & 0xFFF == 0, let stop = world.stop, stop.isRaised { return false }
            if let next = queue.top, next.time <= end, nextGeneral.map({ next.time < $0 }) ?? true {
                world.simulator.advanceClock(to: next.time)
                // Only a rescheduled phone changes the general queue during an advertising event.
                if world.advertise(beacon: next.source, queue: &queue, table: &table) {
                    nextGeneral = world.simulator.nextEventTime()
                }
            } else if let event = world.simulator.next(until: end) {
                world.handle(event, table: &table, queue: &queue)
                nextGeneral = world.simulator.nextEventTime()
            } else {
                return true
            }
        }
    }
}
