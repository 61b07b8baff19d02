// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The app process's pending timers and delayed work (`Timer.scheduledTimer`,
/// `DispatchQueue.asyncAfter`, `Task.sleep`) on the simulated clock, as a pure value.
///
/// They live in the process, so they follow its lifecycle (docs/phone-model.md, "Timers"):
/// - they fire only while the app runs (foreground, or background before it is suspended);
/// - while it is suspended its threads do not run, so a timer due then is deferred to the first
///   instant the app runs again (a wake or the user opening it) — late, once (Apple, `Timer`: a
///   timer whose firing time passes while its run loop is not running fires at the next check;
///   App Programming Guide, "App States": a suspended app "is in the background but is not
///   executing code");
/// - a terminated process loses them all (its memory is gone); a relaunch starts with none.
/// Ties fire in the order they were scheduled.
public struct AppTimers: Sendable, Hashable {
    public struct Pending: Sendable, Hashable {
        public var id: Int
        public var due: SimTime
        var order: Int
    }

    private var pending: [Pending] = []
    private var scheduled = 0

    public init() {}

    public var isEmpty: Bool { pending.isEmpty }

    /// Schedules (or reschedules) timer `id` for `due`.
    public mutating func schedule(id: Int, at due: SimTime) {
        cancel(id: id)
        scheduled += 1
        pending.append(Pending(id: id, due: due, order: scheduled))
    }

    public mutating func cancel(id: Int) { pending.removeAll { $0.id == id } }

    /// The process ended: every timer is lost.
    public mutating func removeAll() { pending.removeAll() }

    /// The earliest due instant, if any.
    public var nextDue: SimTime? { pending.map(\.due).min() }

    /// Removes and returns the earliest timer due at or before `now` (one at a time: firing one may
    /// cancel or schedule others).
    public mutating func popFirstDue(notAfter now: SimTime) -> Pending? {
        guard
            let index = pending.indices.filter({ pending[$0].due <= now }).min(by: {
                (pending[$0].due, pending[$0].order) < (pending[$1].due, pending[$1].order)
            })
        else { return nil }
        return pending.remove(at: index)
    }
}
