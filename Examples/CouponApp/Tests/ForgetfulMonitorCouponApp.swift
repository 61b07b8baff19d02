// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import CouponApp

/// MonitorCouponApp broken on purpose, the CLMonitor form of the relaunch bug: it opens its monitor
/// only when the user opens the app, not when iOS relaunches it for an event. Core Location then
/// stops monitoring the condition whose event was pending, and the app silently gets nothing more.
final class ForgetfulMonitorCouponApp: MonitorCouponApp {
    override func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        session = SimulatedServiceSession(authorization: .always)
        startLocation()
        if !options.location { startMonitoring() }
        return true
    }
}
