// SPDX-License-Identifier: GPL-3.0-or-later
import BeaconSimKit

/// A test app that creates its location manager at launch, as a real app should; subclasses
/// override the delegate methods they need (declared here, so the overrides are the witnesses).
class ManagerApp: SimulatedApplicationDelegate, SimulatedLocationManagerDelegate {
    var manager: SimulatedLocationManager?
    required init() {}

    func application(_ application: SimulatedApplication, didFinishLaunchingWithOptions options: LaunchOptions) -> Bool {
        let manager = SimulatedLocationManager()
        manager.delegate = self
        self.manager = manager
        return true
    }

    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {}

    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {}
}
