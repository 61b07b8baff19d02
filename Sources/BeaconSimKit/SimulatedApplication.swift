// SPDX-License-Identifier: GPL-3.0-or-later

/// What `UIApplication` gives a beacon app: background tasks, local notifications, a clock
/// (simulated seconds since the start of the run, never the wall clock) and persistent defaults.
///
/// One per process launch; `shared` is the running one while the app's code runs.
public final class SimulatedApplication {
    /// Simulated seconds since the start of the run.
    public internal(set) var now: Double
    /// The phone this app runs on (its scenario name).
    public let phone: String
    /// Values that survive a kill (`UserDefaults`).
    public let defaults: SimulatedUserDefaults
    /// The location authorisation the user gave (scenario `permission:` and `permission` actions).
    public internal(set) var authorizationStatus: AuthorizationStatus
    unowned let process: _AppProcess
    private var openTasks: [Int: (() -> Void)?] = [:]
    private var nextTask = 1

    init(process: _AppProcess, phone: String, now: Double, defaults: SimulatedUserDefaults, authorization: AuthorizationStatus) {
        self.process = process
        self.phone = phone
        self.now = now
        self.defaults = defaults
        authorizationStatus = authorization
    }

    /// `UIApplication.shared`: the application whose code is running; nil outside a callback.
    public static var shared: SimulatedApplication? { _CurrentProcess.running?.process?.application }

    /// Asks for more background running time (the profile's background-task time, counted from
    /// the wake). `expirationHandler` runs shortly (the profile's lead, 5 s) before that time runs
    /// out; end the task there, or iOS kills the app when the time is up.
    public func beginBackgroundTask(expirationHandler: (() -> Void)? = nil) -> BackgroundTaskIdentifier {
        let identifier = nextTask
        nextTask += 1
        openTasks[identifier] = expirationHandler
        process.request(.beginBackgroundTask, action: .beganBackgroundTask)
        return BackgroundTaskIdentifier(rawValue: identifier)
    }

    /// Ends a task; when none is left open the OS may suspend the app as soon as its wake window allows.
    public func endBackgroundTask(_ identifier: BackgroundTaskIdentifier) {
        guard openTasks.removeValue(forKey: identifier.rawValue) != nil else { return }
        if openTasks.isEmpty { process.request(.endBackgroundTask, action: .endedBackgroundTask) }
    }

    /// Runs the expiration handler of every open task, once, in the order the tasks began
    /// (background time is about to run out). The tasks stay open until the app ends them: a task
    /// still open when the time runs out gets the app killed, as on iOS.
    func expireBackgroundTasks() {
        let expiring = openTasks.keys.sorted()
        for identifier in expiring {
            guard let handler = openTasks[identifier] ?? nil else { continue }
            openTasks[identifier] = .some(nil)  // a handler runs once
            handler()
        }
    }

    /// Posts a local notification at once; it appears on the timeline as `notificationPosted`.
    public func post(title: String, body: String) {
        process.request(.postNotification(title: title, body: body), action: .postedNotification(title: title, body: body))
    }
}
