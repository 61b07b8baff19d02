// SPDX-License-Identifier: GPL-3.0-or-later

/// `CLLocationManagerDelegate`, reduced to beacon monitoring and ranging; every method has an
/// empty default, as the Objective-C protocol's are optional.
public protocol SimulatedLocationManagerDelegate: AnyObject {
    func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion)
    func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: BeaconRegion)
    func locationManager(_ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: BeaconRegion)
    func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [Beacon], satisfying constraint: BeaconIdentityConstraint)
    func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: BeaconRegion)
    func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: BeaconRegion?, withError error: any Error)
    func locationManager(
        _ manager: SimulatedLocationManager, rangingBeaconsDidFailFor constraint: BeaconIdentityConstraint,
        withError error: any Error)
    func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager)
}

extension SimulatedLocationManagerDelegate {
    public func locationManager(_ manager: SimulatedLocationManager, didEnterRegion region: BeaconRegion) {}
    public func locationManager(_ manager: SimulatedLocationManager, didExitRegion region: BeaconRegion) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, didDetermineState state: RegionState, for region: BeaconRegion
    ) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, didRange beacons: [Beacon], satisfying constraint: BeaconIdentityConstraint
    ) {}
    public func locationManager(_ manager: SimulatedLocationManager, didStartMonitoringFor region: BeaconRegion) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, monitoringDidFailFor region: BeaconRegion?, withError error: any Error
    ) {}
    public func locationManager(
        _ manager: SimulatedLocationManager, rangingBeaconsDidFailFor constraint: BeaconIdentityConstraint,
        withError error: any Error
    ) {}
    public func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) {}
}
