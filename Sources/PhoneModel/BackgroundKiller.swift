// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// An aggressive maker's background killer as a pure state machine (`MakerOverlay.aggressiveKiller`;
/// ABL #1124, #1044, #778, dontkillmyapp.com, M; the delay L): an app that has not been in the
/// foreground for `delay` is killed — process, scanning, services and jobs — unless the user
/// exempted it from battery optimisation, and stays dead until the user opens it.
public struct BackgroundKiller: Hashable, Sendable {
    public let delay: SimDuration
    /// The user exempted the app from battery optimisation: it is never killed.
    public let exempt: Bool
    /// Since when the app has been out of the foreground (and not yet killed); nil otherwise.
    public private(set) var backgroundSince: SimTime?
    /// The app was killed and has not been opened since.
    public private(set) var killed = false

    public init(delay: SimDuration, exempt: Bool) {
        self.delay = delay
        self.exempt = exempt
    }

    /// When the kill is due; nil when none is pending.
    public var killDue: SimTime? {
        guard !exempt, !killed, let since = backgroundSince else { return nil }
        return since + delay
    }

    /// The app is (`foreground: true`) or is not in the foreground at `now`.
    public mutating func observe(foreground: Bool, at now: SimTime) {
        if foreground {
            backgroundSince = nil
            killed = false
        } else if backgroundSince == nil, !killed {
            backgroundSince = now
        }
    }

    /// Kills the app if the kill is due by `now`; returns whether it did.
    public mutating func advance(to now: SimTime) -> Bool {
        guard let due = killDue, due <= now else { return false }
        killed = true
        backgroundSince = nil
        return true
    }
}
