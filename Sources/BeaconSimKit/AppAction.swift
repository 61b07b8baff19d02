// SPDX-License-Identifier: GPL-3.0-or-later

/// Something the app's code asked for, recorded when it asked (whether or not the OS granted it;
/// the timeline shows what happened).
public struct AppAction: Hashable, Sendable {
    /// What was asked.
    public enum Kind: Hashable, Sendable {
        case launched(locationEvent: Bool)
        case createdLocationManager
        case requestedAlwaysAuthorization
        case startedMonitoring(region: String)
        case stoppedMonitoring(region: String)
        case requestedState(region: String)
        case startedRanging(BeaconIdentityConstraint)
        case stoppedRanging(BeaconIdentityConstraint)
        case postedNotification(title: String, body: String)
        case beganBackgroundTask
        case endedBackgroundTask
        /// `await SimulatedMonitor(name)`.
        case openedMonitor(name: String)
        case addedCondition(identifier: String, assuming: MonitoringState)
        case removedCondition(identifier: String)
        /// A `SimulatedServiceSession` taken or released (dropped or invalidated).
        case tookServiceSession(ServiceSessionRequirement)
        case releasedServiceSession(ServiceSessionRequirement)
    }

    /// Simulated seconds since the start of the run.
    public var time: Double
    public var phone: String
    public var kind: Kind

    public init(time: Double, phone: String, kind: Kind) {
        self.time = time
        self.phone = phone
        self.kind = kind
    }
}
