// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSimKit

/// CouponApp with a debounced exit: a didExitRegion counts only when no entry follows within
/// `exitDebounce` seconds, so a brief loss of the beacons (a crowd, the edge of reception: the
/// exit/enter flapping of seed claim C29) is not taken for leaving the store. A confirmed exit
/// records the exit time for the coupon policy and says goodbye.
///
/// The debounce runs on delayed work (`asyncAfter`), which fires only while the app runs. An exit
/// wakes the app for only ~10 s, so the app holds a background task for the debounce: on iOS 13+
/// that buys 30 s from the wake, with the expiration handler 5 s before, which is why the
/// debounce is 20 s. A longer debounce outlives the task: the app is suspended (the handler ends
/// the task) and the confirmation waits for the next time the app runs.
open class DebouncedCouponApp: CouponApp {
    /// Seconds an exit must last before it counts.
    open class var exitDebounce: Double { 20 }

    private var pendingExit: SimulatedDispatchWorkItem?
    private var exitTask = BackgroundTaskIdentifier.invalid

    public required init() { super.init() }

    override public func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {
        if let pending = pendingExit {  // back within the debounce: the visit goes on
            pending.cancel()
            pendingExit = nil
            endExitTask()
        }
        super.locationManager(manager, didEnterRegion: region)
    }

    override public func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: BeaconRegion) {
        guard let app = SimulatedApplication.shared else { return }
        let exitTime = app.now
        if exitTask == .invalid {
            exitTask = app.beginBackgroundTask { [weak self] in self?.endExitTask() }
        }
        let confirm = SimulatedDispatchWorkItem { [weak self] in
            guard let self else { return }
            pendingExit = nil
            leftStore(at: exitTime, manager: manager, app: app)
            app.post(title: "Thanks for visiting!", body: "See you again soon.")
            endExitTask()
        }
        pendingExit?.cancel()
        pendingExit = confirm
        SimulatedDispatchQueue.main.asyncAfter(deadline: .now() + Self.exitDebounce, execute: confirm)
    }

    private func endExitTask() {
        guard exitTask != .invalid else { return }
        SimulatedApplication.shared?.endBackgroundTask(exitTask)
        exitTask = .invalid
    }
}
