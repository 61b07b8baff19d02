// SPDX-License-Identifier: GPL-3.0-or-later

/// The state of a `CLMonitor` condition as its events carry it (`CLMonitor.MonitoringState`,
/// Apple doc, H; `unmonitored` added in iOS 17.2, Xcode 15.1 header diff, H).
public enum ConditionState: String, Sendable, Hashable, CaseIterable {
    case unknown, satisfied, unsatisfied
    /// Core Location no longer monitors the condition (e.g. an event was pending and no monitor
    /// was open to receive it).
    case unmonitored
}
