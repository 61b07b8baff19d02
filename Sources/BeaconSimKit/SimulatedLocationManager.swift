// SPDX-License-Identifier: GPL-3.0-or-later

/// `CLLocationManager` for beacons. Create it while the app's code runs (at launch, in
/// `application(_:didFinishLaunchingWithOptions:)` or as a property of the app delegate): that is
/// what tells the OS model the app has a manager in this process. A manager must be kept alive,
/// and its `delegate` is held weakly, as CoreLocation's.
///
/// Requests take effect in the model at the simulated instant of the callback that makes them.
public final class SimulatedLocationManager {
    public weak var delegate: (any SimulatedLocationManagerDelegate)?
    weak var process: _AppProcess?

    public init() {
        process = _CurrentProcess.running?.process
        process?.created(self)
    }

    /// The regions the OS monitors for the app, including those registered in earlier processes.
    public var monitoredRegions: Set<BeaconRegion> { process?.monitoredRegions ?? [] }

    /// The constraints this process ranges.
    public var rangedBeaconConstraints: Set<BeaconIdentityConstraint> { Set(process?.ranged.keys.map { $0 } ?? []) }

    public var authorizationStatus: AuthorizationStatus { process?.application.authorizationStatus ?? .notDetermined }

    /// `accuracyAuthorization`: Precise Location on or off (the scenario's `preciseLocation` and the
    /// user's actions), as of the current callback. With reduced accuracy there is no monitoring and
    /// no ranging. Changing it calls no delegate method in the simulation.
    public var accuracyAuthorization: AccuracyAuthorization {
        process?.bridge.preciseLocation == false ? .reducedAccuracy : .fullAccuracy
    }

    public func requestAlwaysAuthorization() { process?.record(.requestedAlwaysAuthorization) }

    public func startMonitoring(for region: BeaconRegion) { process?.startMonitoring(region, by: self) }

    public func stopMonitoring(for region: BeaconRegion) { process?.stopMonitoring(region) }

    public func requestState(for region: BeaconRegion) {
        process?.request(.requestState(identifier: region.identifier), action: .requestedState(region: region.identifier))
    }

    public func startRangingBeacons(satisfying constraint: BeaconIdentityConstraint) {
        process?.startRanging(constraint, by: self)
    }

    public func stopRangingBeacons(satisfying constraint: BeaconIdentityConstraint) { process?.stopRanging(constraint) }
}
