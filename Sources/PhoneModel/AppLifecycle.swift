// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The app's process lifecycle under the OS, as a pure state machine (behaviour.md §1.4–1.5).
///
/// - A region event wakes a suspended app, or relaunches a terminated one into the background
///   (not after a user kill when the profile does not relaunch killed apps, as on iOS 7.0), for
///   `wakeWindow`; a further event restarts the window.
/// - `beginBackgroundTask` extends running time to `backgroundTaskDuration` from the request.
/// - Without Always authorisation or with Background App Refresh off, events are delivered only
///   to a foreground app (behaviour.md §1.5; seed claims C34–C38).
/// - An app sent to the background by the user is suspended at once unless a background task runs
///   (no published grace period).
/// - Profiles that do not suspend background apps (Android: the beacon service keeps running) keep
///   them in `background` without a deadline.
public struct AppLifecycle {
    public let profile: OSProfile
    public private(set) var state: AppState
    /// When background running ends; nil unless `state == .background`.
    public private(set) var runningUntil: SimTime?
    public private(set) var killedByUser = false
    public var authorization: LocationAuthorization
    public var backgroundRefresh: Bool
    private var backgroundTaskUntil: SimTime?

    public init(initial: AppState, profile: OSProfile, authorization: LocationAuthorization, backgroundRefresh: Bool) {
        self.profile = profile
        self.state = initial == .background && profile.suspendsInBackground ? .suspended : initial
        self.authorization = authorization
        self.backgroundRefresh = backgroundRefresh
    }

    /// The next instant at which `advance(to:)` changes something.
    public var nextDeadline: SimTime? { state == .background && profile.suspendsInBackground ? runningUntil : nil }

    /// Whether the OS monitors regions for this app at all in the current state.
    public var monitorsInCurrentState: Bool {
        switch authorization {
        case .denied: false
        case .whenInUse: state == .foreground
        case .always: true
        }
    }

    /// The OS has a region event for the app at `now`: decide whether and how it is delivered.
    public mutating func wakeForRegionEvent(at now: SimTime) -> WakeDecision {
        if state == .foreground { return WakeDecision(effects: []) }
        switch authorization {
        case .denied: return WakeDecision(effects: [], lostReason: "location permission denied")
        case .whenInUse: return WakeDecision(effects: [], lostReason: "When In Use permission: no background delivery")
        case .always: break
        }
        guard backgroundRefresh else { return WakeDecision(effects: [], lostReason: "Background App Refresh is off") }
        switch state {
        case .foreground: return WakeDecision(effects: [])
        case .background:
            runningUntil = max(runningUntil ?? now, now + profile.wakeWindow, backgroundTaskUntil ?? now)
            return WakeDecision(effects: [])
        case .suspended:
            enterBackground(until: now + profile.wakeWindow)
            return WakeDecision(effects: [.stateChanged(from: .suspended, to: .background, reason: .regionEvent)])
        case .notRunning:
            if killedByUser, !profile.relaunchesKilledApps {
                return WakeDecision(effects: [], lostReason: "killed by the user; \(profile.name) does not relaunch killed apps")
            }
            killedByUser = false
            enterBackground(until: now + profile.wakeWindow)
            return WakeDecision(effects: [
                .stateChanged(from: .notRunning, to: .background, reason: .regionEvent), .launched(locationEvent: true),
            ])
        }
    }

    /// `beginBackgroundTask`: false when the app is not running.
    public mutating func beginBackgroundTask(at now: SimTime) -> Bool {
        guard state.isRunning else { return false }
        backgroundTaskUntil = now + profile.backgroundTaskDuration
        if state == .background { runningUntil = max(runningUntil ?? now, now + profile.backgroundTaskDuration) }
        return true
    }

    /// `endBackgroundTask`: the app may be suspended as soon as its wake window allows.
    public mutating func endBackgroundTask(at now: SimTime) { backgroundTaskUntil = nil }

    /// Suspends a background app whose running time is over.
    public mutating func advance(to now: SimTime) -> [LifecycleEffect] {
        guard state == .background, profile.suspendsInBackground, let until = runningUntil, until <= now else { return [] }
        let taskExpired = backgroundTaskUntil.map { $0 <= now } ?? false
        state = .suspended
        runningUntil = nil
        backgroundTaskUntil = nil
        let suspended = LifecycleEffect.stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)
        return taskExpired ? [.backgroundTaskExpired, suspended] : [suspended]
    }

    /// The user opens the app (launching it if needed).
    public mutating func userOpens(at now: SimTime) -> [LifecycleEffect] {
        let previous = state
        guard previous != .foreground else { return [] }
        state = .foreground
        runningUntil = nil
        killedByUser = false
        var effects: [LifecycleEffect] = [.stateChanged(from: previous, to: .foreground, reason: .user)]
        if previous == .notRunning { effects.append(.launched(locationEvent: false)) }
        return effects
    }

    /// The user leaves the app (home gesture or lock): suspended unless a background task runs.
    public mutating func userLeaves(at now: SimTime) -> [LifecycleEffect] {
        guard state == .foreground else { return [] }
        if let until = backgroundTaskUntil, until > now {
            enterBackground(until: until)
            return [.stateChanged(from: .foreground, to: .background, reason: .user)]
        }
        guard profile.suspendsInBackground else {
            state = .background
            return [.stateChanged(from: .foreground, to: .background, reason: .user)]
        }
        state = .suspended
        return [.stateChanged(from: .foreground, to: .suspended, reason: .user)]
    }

    /// The user swipes the app away, or the system terminates it (`byUser: false`), or the phone
    /// reboots.
    public mutating func terminate(byUser: Bool, reason: AppStateChangeReason) -> [LifecycleEffect] {
        let previous = state
        state = .notRunning
        runningUntil = nil
        backgroundTaskUntil = nil
        if byUser { killedByUser = true }
        return previous == .notRunning ? [] : [.stateChanged(from: previous, to: .notRunning, reason: reason)]
    }

    private mutating func enterBackground(until: SimTime) {
        state = .background
        runningUntil = max(until, backgroundTaskUntil ?? until)
    }
}
