// SPDX-License-Identifier: GPL-3.0-or-later
public import SimulationCore

/// The app's process lifecycle under the OS, as a pure state machine (behaviour.md §1.4–1.5).
///
/// - A region event wakes a suspended app, or relaunches a terminated one into the background
///   (not after a user kill when the profile's `KilledAppPolicy` says so, as on iOS 7.0), for the
///   wake window; a further event restarts the window.
/// - `beginBackgroundTask` keeps the app running until its background time runs out: the
///   budget's task duration counted by its `BackgroundTaskClock` from the start of the background
///   session (the wake, or the user leaving the app) or from the request. The expiration
///   handler runs the budget's expiration lead before that (the app may still act in it); a task
///   ended by then lets the app be suspended once its wake window is over, a task still open when
///   the time runs out gets the app killed (Apple, `beginBackgroundTask(expirationHandler:)`: "If you
///   do not call endBackgroundTask(_:) for each task before time expires, the system kills the app").
/// - Without Always authorisation or with Background App Refresh off, events are delivered only
///   to a foreground app (behaviour.md §1.5; seed claims C34–C38). iOS only: on Android the app's
///   own library delivers its events, and its permissions filter the scan results instead
///   (`AndroidPermissions`, platforms-2026.md §2.1).
/// - An app sent to the background by the user is suspended at once unless a background task runs
///   (no published grace period).
/// - Profiles whose apps keep running (`BackgroundExecution.keepsRunning`; Android: the beacon
///   service) keep them in `background` without a deadline.
public struct AppLifecycle {
    // Declared first, so they share a cache line: the state every received packet looks at.
    public private(set) var state: AppState
    public var authorization: LocationAuthorization
    /// The background time budget; nil when background apps keep running.
    private let budget: BackgroundTimeBudget?
    public private(set) var killedByUser = false
    public var backgroundRefresh: Bool
    /// When the current background session began (a wake, a relaunch, the user leaving the app).
    private var backgroundSince: SimTime?
    /// The end of the current wake window.
    private var wakeUntil: SimTime?
    /// The open background task: when it was asked for, and whether its expiration handler ran.
    private var taskRequestedAt: SimTime?
    private var taskExpiryDelivered = false
    /// Last: a large value, kept away from the state above.
    public let profile: OSProfile

    public init(initial: AppState, profile: OSProfile, authorization: LocationAuthorization, backgroundRefresh: Bool) {
        self.profile = profile
        budget = profile.execution.budget
        self.state = initial == .background && budget != nil ? .suspended : initial
        self.authorization = authorization
        self.backgroundRefresh = backgroundRefresh
    }

    /// When the open background task's time runs out (in the background; nil without a task).
    public var backgroundTaskEnds: SimTime? {
        guard let requested = taskRequestedAt, let since = backgroundSince, state == .background, let budget else { return nil }
        let start =
            switch budget.taskClock {
            case .fromSessionStart: since
            case .fromRequest: max(requested, since)
            }
        return start + budget.taskDuration
    }

    /// When background running ends; nil unless the app runs in the background on a suspending OS.
    public var runningUntil: SimTime? {
        guard state == .background, budget != nil else { return nil }
        return [wakeUntil, backgroundTaskEnds].compactMap { $0 }.max() ?? backgroundSince
    }

    /// When the open task's expiration handler runs, if it has not yet.
    private var expirationHandlerAt: SimTime? {
        guard !taskExpiryDelivered, let ends = backgroundTaskEnds, let budget else { return nil }
        return max(ends - budget.expirationLead, backgroundSince ?? ends)
    }

    /// The next instant at which `advance(to:)` changes something.
    public var nextDeadline: SimTime? { [expirationHandlerAt, runningUntil].compactMap { $0 }.min() }

    /// Whether the OS monitors regions for this app at all in the current state.
    public var monitorsInCurrentState: Bool { Self.monitors(authorization: authorization, state: state) }

    /// Whether the OS monitors regions for an app with `authorization` in `state` (a static form,
    /// so a caller holding the lifecycle in a class property reads two fields, not a copy of it).
    @inlinable public static func monitors(authorization: LocationAuthorization, state: AppState) -> Bool {
        switch authorization {
        case .denied: false
        case .whenInUse: state == .foreground
        case .always: true
        }
    }

    /// The OS has a region event for the app at `now`: decide whether and how it is delivered.
    public mutating func wakeForRegionEvent(at now: SimTime) -> WakeDecision {
        if state == .foreground { return WakeDecision(effects: []) }
        // iOS only: on Android the app's own scans deliver and its permissions filter their results
        // (`AndroidPermissions`), so the library's events reach a running app whatever the permission.
        switch profile.platform == .android ? .always : authorization {
        case .denied: return WakeDecision(effects: [], lostReason: .permissionDenied)
        case .whenInUse: return WakeDecision(effects: [], lostReason: .whenInUse)
        case .always: break
        }
        guard backgroundRefresh else { return WakeDecision(effects: [], lostReason: .backgroundRefreshOff) }
        switch state {
        case .foreground: return WakeDecision(effects: [])
        case .background:
            wakeUntil = wakeEnd(from: now).map { max(wakeUntil ?? now, $0) }
            return WakeDecision(effects: [])
        case .suspended:
            enterBackground(at: now, wakeUntil: wakeEnd(from: now))
            return WakeDecision(effects: [.stateChanged(from: .suspended, to: .background, reason: .regionEvent)])
        case .notRunning:
            if killedByUser, profile.killedApps == .staysTerminated {
                return WakeDecision(effects: [], lostReason: .killedByUser(profile: profile.name))
            }
            killedByUser = false
            enterBackground(at: now, wakeUntil: wakeEnd(from: now))
            return WakeDecision(effects: [
                .stateChanged(from: .notRunning, to: .background, reason: .regionEvent), .launched(locationEvent: true),
            ])
        }
    }

    /// `beginBackgroundTask`: false when the app is not running. Asking again while a task is open
    /// keeps the first request (one budget of background time per session).
    public mutating func beginBackgroundTask(at now: SimTime) -> Bool {
        guard state.isRunning else { return false }
        if taskRequestedAt == nil {
            taskRequestedAt = now
            taskExpiryDelivered = false
        }
        return true
    }

    /// `endBackgroundTask`: the app may be suspended as soon as its wake window allows.
    public mutating func endBackgroundTask(at now: SimTime) {
        taskRequestedAt = nil
        taskExpiryDelivered = false
    }

    /// Runs the expiration handler of an open task `backgroundTaskExpirationLead` before its time
    /// runs out; suspends a background app whose running time is over, or kills it when its task is
    /// still open then.
    public mutating func advance(to now: SimTime) -> [LifecycleEffect] {
        if let handlerAt = expirationHandlerAt, handlerAt <= now {
            taskExpiryDelivered = true
            return [.backgroundTaskExpired]
        }
        if let ends = backgroundTaskEnds, ends <= now { return terminate(byUser: false, reason: .backgroundTaskNotEnded) }
        guard let until = runningUntil, until <= now else { return [] }
        state = .suspended
        leaveBackground()
        return [.stateChanged(from: .background, to: .suspended, reason: .runningTimeEnded)]
    }

    /// The user opens the app (launching it if needed).
    public mutating func userOpens(at now: SimTime) -> [LifecycleEffect] {
        let previous = state
        guard previous != .foreground else { return [] }
        state = .foreground
        leaveBackground()
        killedByUser = false
        var effects: [LifecycleEffect] = [.stateChanged(from: previous, to: .foreground, reason: .user)]
        if previous == .notRunning { effects.append(.launched(locationEvent: false)) }
        return effects
    }

    /// The user leaves the app (home gesture or lock): suspended unless a background task runs,
    /// whose time starts now.
    public mutating func userLeaves(at now: SimTime) -> [LifecycleEffect] {
        guard state == .foreground else { return [] }
        if taskRequestedAt != nil || budget == nil {
            enterBackground(at: now, wakeUntil: nil)
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
        leaveBackground()
        taskRequestedAt = nil
        taskExpiryDelivered = false
        if byUser { killedByUser = true }
        return previous == .notRunning ? [] : [.stateChanged(from: previous, to: .notRunning, reason: reason)]
    }

    /// The end of a wake window starting at `now`; nil when background apps keep running anyway.
    func wakeEnd(from now: SimTime) -> SimTime? { budget.map { now + $0.wakeWindow } }

    /// Keeps a background app running at least until `end` (a later wake).
    mutating func extendWake(until end: SimTime) { wakeUntil = max(wakeUntil ?? end, end) }

    mutating func enterBackground(at now: SimTime, wakeUntil: SimTime?) {
        state = .background
        backgroundSince = now
        self.wakeUntil = wakeUntil
    }

    private mutating func leaveBackground() {
        backgroundSince = nil
        wakeUntil = nil
    }
}
