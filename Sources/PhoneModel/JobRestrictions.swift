// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// What the OS lets an app's scan jobs do on a pressed phone (platforms-2026.md §2.3): Doze defers
/// them to maintenance windows, the app's standby bucket caps them to its quota on battery. Pure:
/// the scan scheduler asks it where a job may start (`allowedStart`) and tells it which jobs ran
/// (`recordJob`); the phone feeds it the screen, motion and charging (`update`).
///
/// A scheduler without restrictions (every profile and scenario that does not opt in) never builds
/// one, so its jobs are placed exactly as before.
public struct JobRestrictions: Sendable {
    /// Deep Doze; nil when the profile does not model it (`doze: false`).
    public private(set) var doze: DozeState?
    /// The bucket's rolling quota; nil without a bucket or with an unlimited one.
    public private(set) var budget: JobBudget?
    /// Whether the budget holds while charging (the restricted bucket).
    private let limitedWhileCharging: Bool
    public private(set) var charging: Bool
    public private(set) var moving: Bool

    public init(doze: DozeState?, quota: JobQuota?, limitedWhileCharging: Bool, charging: Bool, moving: Bool) {
        self.doze = doze
        self.moving = moving
        budget = quota.map(JobBudget.init)
        self.limitedWhileCharging = limitedWhileCharging
        self.charging = charging
    }

    /// The screen, motion or charging changed at `now`.
    public mutating func update(screenOn: Bool, moving: Bool, charging: Bool, at now: SimTime) {
        self.charging = charging
        self.moving = moving
        doze?.update(screenOn: screenOn, moving: moving, charging: charging, at: now)
    }

    /// Whether the phone is in deep Doze, outside a maintenance window, at `time`.
    public func isIdle(at time: SimTime) -> Bool { doze?.isIdle(at: time) ?? false }

    /// The earliest instant at or after `proposed` at which a scan job of `length` may start:
    /// within the budget (unless charging lifts it) and outside Doze's idle periods.
    public func allowedStart(_ proposed: SimTime, length: SimDuration) -> SimTime {
        var start = proposed
        // Each step only moves later; a few rounds settle both rules (bounded for safety).
        for _ in 0..<64 {
            var next = start
            if let budget, !charging || limitedWhileCharging { next = budget.allowedStart(next, length: length) }
            if let doze { next = doze.allowedStart(next) }
            if next == start { return start }
            start = next
        }
        return start
    }

    /// A scan job ran from `start` to `end` (counted against the budget).
    public mutating func recordJob(from start: SimTime, to end: SimTime) { budget?.record(from: start, to: end) }

    /// The next instant after `time` at which `isIdle` changes; nil when it cannot without an input.
    public func nextTransition(after time: SimTime) -> SimTime? { doze?.nextTransition(after: time) }
}
