// SPDX-License-Identifier: GPL-3.0-or-later
internal import PhoneModel
internal import SimulationCore

/// What the app's process holds that the OS acts on: its location manager, its ranging requests,
/// the callbacks waiting for it to run again and its timers. All of it ends with the process.
/// Changed only through its methods.
struct AppProcessState {
    /// Whether the app has created its location manager (region callbacks need one).
    private(set) var hasLocationManager: Bool
    /// Ranged region identifiers, in request order.
    private(set) var rangedRegions: [String] = []
    /// Callbacks for a suspended app, delivered in order when it next runs (its process is frozen,
    /// not gone; behaviour.md §1.4–1.5).
    private var pendingCallbacks: [AppCallback] = []
    /// The process's timers and delayed work: they fire only while it runs.
    private var timers = AppTimers()
    /// The `CLServiceSession` the process holds (iOS 18+): a process's object, gone with it.
    private(set) var serviceSession: ServiceSessionRequirement = .none

    init(hasLocationManager: Bool) { self.hasLocationManager = hasLocationManager }

    mutating func createLocationManager() { hasLocationManager = true }
    mutating func holdServiceSession(_ requirement: ServiceSessionRequirement) { serviceSession = requirement }

    mutating func startRanging(_ identifier: String) {
        if !rangedRegions.contains(identifier) { rangedRegions.append(identifier) }
    }

    mutating func stopRanging(_ identifier: String) { rangedRegions.removeAll { $0 == identifier } }

    /// Keeps a callback for when the frozen process runs again.
    mutating func hold(_ callback: AppCallback) { pendingCallbacks.append(callback) }

    /// The held callbacks, in order, now that the process runs again.
    mutating func takeHeldCallbacks() -> [AppCallback] {
        defer { pendingCallbacks.removeAll() }
        return pendingCallbacks
    }

    /// The process ended: its manager, ranging requests and timers are gone. Returns the callbacks
    /// it was still holding, which nobody will receive.
    mutating func end() -> [AppCallback] {
        hasLocationManager = false
        serviceSession = .none
        rangedRegions.removeAll()
        timers.removeAll()
        return takeHeldCallbacks()
    }

    mutating func scheduleTimer(id: Int, at due: SimTime) { timers.schedule(id: id, at: due) }

    mutating func cancelTimer(id: Int) { timers.cancel(id: id) }

    /// The earliest timer due, if any.
    var nextTimerDue: SimTime? { timers.nextDue }

    /// Removes and returns the earliest timer due at or before `now`.
    mutating func popFirstDueTimer(notAfter now: SimTime) -> AppTimers.Pending? { timers.popFirstDue(notAfter: now) }
}
