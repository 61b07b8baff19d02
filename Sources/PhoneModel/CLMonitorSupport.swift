// SPDX-License-Identifier: GPL-3.0-or-later

/// What an iOS version's `CLMonitor` does (iOS 17+; nil in a profile without it): the rules that
/// differ from the delegate API (platforms-2026.md §1.2–1.4). Detection itself — the hardware
/// filter, the hysteresis, the delays — is the same Core Location engine as the region API's: no
/// public measurement of CLMonitor beacon latencies exists, so the region API's figures are used
/// (inference, L).
public struct CLMonitorSupport: Hashable, Sendable {
    /// Conditions one app may monitor; beyond it, events carry `conditionLimitExceeded` and the
    /// condition is not served (Apple gives no figure; third-party guides say 20, L).
    public var conditionLimit: Int
    /// iOS 18+: background events need a held `CLServiceSession` with an `.always` requirement
    /// (`CLServiceSession.h`, H).
    public var serviceSessionRequired: Bool
    /// Re-adding an unchanged condition resets its state and drops a pending exit (one 2026
    /// plugin's observation, L).
    public var readdResets: Bool
    /// "Core Location stops monitoring conditions if an event is pending for them, and there isn't
    /// a configured CLMonitor to receive it" (Apple requestMonitorWithConfiguration doc, H).
    public var pendingEventStopsMonitoring: Bool

    public init(conditionLimit: Int, serviceSessionRequired: Bool, readdResets: Bool, pendingEventStopsMonitoring: Bool) {
        self.conditionLimit = conditionLimit
        self.serviceSessionRequired = serviceSessionRequired
        self.readdResets = readdResets
        self.pendingEventStopsMonitoring = pendingEventStopsMonitoring
    }
}
