// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit
import CouponApp

/// CouponApp broken on purpose, the classic beacon-SDK bug: it creates its location manager only
/// when the user opens the app, not when the OS relaunches it for a region event.
final class ForgetfulCouponApp: CouponApp {
    override func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        if !options.location { startLocation() }
        return true
    }
}
