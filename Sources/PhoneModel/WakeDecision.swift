// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether a region event reaches the app, and what the lifecycle did to deliver it.
public struct WakeDecision: Sendable, Hashable {
    /// Lifecycle changes made to deliver the event (a launch or a wake), in order.
    public var effects: [LifecycleEffect]
    /// Why the event cannot reach the app; nil when it is delivered.
    public var lostReason: CallbackLossReason?

    public var isDelivered: Bool { lostReason == nil }
}
