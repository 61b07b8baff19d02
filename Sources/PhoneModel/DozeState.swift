// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// Deep Doze as a pure state machine (platforms-2026.md §2.3; ABL #820 maintainer: "The 15 minute
/// jobs are also suspended in Doze mode if the phone is motionless for several minutes at a time
/// with the screen off when not charging", M; Android Doze doc, H).
///
/// Inputs: the screen, motion and charging (`update`). Once the phone has been still, dark and
/// unplugged for `idleAfter` it is idle; idle periods alternate with maintenance windows (see
/// `DozeParameters`). A lit screen, motion or a charger ends Doze at once. Given its inputs, the
/// whole timeline is a function of time, so `isIdle(at:)`, `allowedStart(_:)` and
/// `nextTransition(after:)` answer for any instant without timers.
public struct DozeState: Hashable, Sendable {
    public let parameters: DozeParameters
    public private(set) var screenOn: Bool
    public private(set) var moving: Bool
    public private(set) var charging: Bool
    /// When the phone last became still, dark and unplugged (all three); nil while it is not.
    public private(set) var quietSince: SimTime?

    public init(parameters: DozeParameters, screenOn: Bool, moving: Bool, charging: Bool, at now: SimTime) {
        self.parameters = parameters
        self.screenOn = screenOn
        self.moving = moving
        self.charging = charging
        quietSince = screenOn || moving || charging ? nil : now
    }

    /// The screen, motion or charging changed at `now`; returns whether Doze's timeline changed.
    @discardableResult
    public mutating func update(screenOn: Bool, moving: Bool, charging: Bool, at now: SimTime) -> Bool {
        self.screenOn = screenOn
        self.moving = moving
        self.charging = charging
        let quiet = !(screenOn || moving || charging)
        switch (quiet, quietSince) {
        case (true, nil):
            quietSince = now
            return true
        case (false, .some):
            quietSince = nil
            return true
        default: return false
        }
    }

    /// When the phone goes (or went) idle, if it stays quiet; nil while it is not quiet.
    public var idleEntry: SimTime? { quietSince.map { $0 + parameters.idleAfter } }

    /// The idle phase containing or following `time`: its start and end (the end is the start of
    /// the maintenance window after it); nil while not quiet or before idle entry.
    private func idlePhase(around time: SimTime) -> (start: SimTime, end: SimTime)? {
        guard let entry = idleEntry, time >= entry else { return nil }
        var start = entry
        var period = parameters.firstIdlePeriod
        while true {
            let end = start + period
            if time < end + parameters.maintenanceWindow
                || period.nanoseconds <= 0 && parameters.maintenanceWindow.nanoseconds <= 0
            {
                return (start, end)
            }
            start = end + parameters.maintenanceWindow
            period = min(period * 2, parameters.maxIdlePeriod)
        }
    }

    /// Whether the phone is idle at `time` (in Doze and outside a maintenance window).
    public func isIdle(at time: SimTime) -> Bool {
        guard let phase = idlePhase(around: time) else { return false }
        return time >= phase.start && time < phase.end
    }

    /// The earliest instant at or after `proposed` at which deferrable work may run: `proposed`
    /// itself unless the phone is idle then, else the start of the next maintenance window.
    public func allowedStart(_ proposed: SimTime) -> SimTime {
        guard let phase = idlePhase(around: proposed), proposed >= phase.start, proposed < phase.end else { return proposed }
        return phase.end
    }

    /// The next instant after `time` at which `isIdle` changes (idle entry, a maintenance window's
    /// start or end); nil while the phone is not quiet.
    public func nextTransition(after time: SimTime) -> SimTime? {
        guard let entry = idleEntry else { return nil }
        guard time >= entry else { return entry }
        guard let phase = idlePhase(around: time) else { return nil }
        return time < phase.end ? phase.end : phase.end + parameters.maintenanceWindow
    }
}
