// SPDX-License-Identifier: GPL-3.0-or-later

/// The app's entry point, `UIApplicationDelegate`-shaped: the simulation creates a fresh instance
/// with `init()` for every process launch (the first launch and every relaunch after a kill or
/// termination) and calls `application(_:didFinishLaunchingWithOptions:)` on it.
///
/// Everything an instance holds in memory dies with the process; use
/// `SimulatedApplication.defaults` for what must survive.
public protocol SimulatedApplicationDelegate: AnyObject {
    init()
    /// Called at launch; `options.location` is true when the OS launched the app for a region event.
    /// The return value is ignored, as UIKit ignores it for this purpose.
    @discardableResult
    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool
}
