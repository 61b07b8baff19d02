// SPDX-License-Identifier: GPL-3.0-or-later
internal import SimulationCore

/// A queue of periodic sources, each with at most one pending instant, handed out in order of
/// (time, source index): `SourceQueue` (a 4-ary heap, the reference loop's) and `SourceCalendar`
/// (a calendar queue, the fast loop's) give the same sequence.
protocol SourceScheduling {
    /// The earliest pending instant and its source.
    var top: (time: SimTime, source: Int)? { mutating get }
    /// Adds `source` (not queued already) at `time`, not before the last top taken.
    mutating func insert(source: Int, at time: SimTime)
    /// Moves the top source to `time` (not earlier than the top's).
    mutating func replaceTop(at time: SimTime)
    /// Removes the top source.
    mutating func removeTop()
}
