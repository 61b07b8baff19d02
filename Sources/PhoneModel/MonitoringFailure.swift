// SPDX-License-Identifier: GPL-3.0-or-later

/// Why the OS refuses to monitor a region (`RegionEffect.monitoringFailed`,
/// `AppCallback.monitoringDidFail`). `description` is the text the timeline's `reason` field
/// carries (unchanged from when reasons were strings).
public enum MonitoringFailure: Sendable, Hashable, CustomStringConvertible {
    /// The app already monitors `limit` regions, the profile's per-app limit (iOS: 20).
    case regionLimit(Int)
    /// Bluetooth was turned off in Control Center (iOS 11+): kCLErrorDomain error 5.
    case bluetoothOffInControlCenter
    /// A CLMonitor event with the `conditionLimitExceeded` diagnostic, counted as a monitoring
    /// failure by the metrics.
    case conditionLimitExceeded

    public var description: String {
        switch self {
        case .regionLimit(let limit): "more than \(limit) regions monitored by one app"
        case .bluetoothOffInControlCenter: "kCLErrorDomain error 5: Bluetooth is off in Control Center"
        case .conditionLimitExceeded: "conditionLimitExceeded"
        }
    }
}
