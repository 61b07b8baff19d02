// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The jobs an app ran within its quota's rolling window, as a pure value: `allowedStart` defers a
/// job that would exceed the quota until enough earlier runtime (or sessions) has left the window
/// (power-details: "jobs beyond the budget are deferred", H).
public struct JobBudget: Hashable, Sendable {
    public let quota: JobQuota
    /// Jobs run in the last window: start and end, in time order.
    public private(set) var runs: [(start: SimTime, end: SimTime)] = []

    public init(quota: JobQuota) { self.quota = quota }

    public static func == (lhs: JobBudget, rhs: JobBudget) -> Bool {
        lhs.quota == rhs.quota && lhs.runs.elementsEqual(rhs.runs) { $0.start == $1.start && $0.end == $1.end }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(quota)
        hasher.combine(runs.count)
    }

    /// A job ran from `start` to `end`; runs that left the window are forgotten.
    public mutating func record(from start: SimTime, to end: SimTime) {
        runs.removeAll { $0.end <= end - quota.window }
        runs.append((start, end))
    }

    /// Whether a job of `length` may start at `time`: the sessions and the runtime in the window
    /// before `time`, plus this job, within the quota.
    public func fits(_ length: SimDuration, at time: SimTime) -> Bool {
        let from = time - quota.window
        var sessions = 0
        var used = SimDuration.zero
        for run in runs where run.end > from {
            sessions += 1
            used = used + (run.end - max(run.start, from))
        }
        return sessions < quota.sessions && used + length <= quota.runtime
    }

    /// The earliest instant at or after `proposed` at which a job of `length` fits: `proposed`, or
    /// the instant an earlier run leaves the window and makes room.
    public func allowedStart(_ proposed: SimTime, length: SimDuration) -> SimTime {
        if fits(length, at: proposed) { return proposed }
        for run in runs {
            let candidate = run.end + quota.window
            if candidate > proposed, fits(length, at: candidate) { return candidate }
        }
        return runs.last.map { max(proposed, $0.end + quota.window) } ?? proposed
    }
}
