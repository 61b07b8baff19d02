// SPDX-License-Identifier: GPL-3.0-or-later

/// Whether the OS lets a background app run.
public enum BackgroundExecution: Hashable, Sendable {
    /// iOS: a background app is suspended when its wake window and background task are over.
    case suspends(BackgroundTimeBudget)
    /// Android: the app's (beacon) service keeps running and receives every callback.
    case keepsRunning

    /// The time budget, on an OS that suspends.
    public var budget: BackgroundTimeBudget? {
        if case .suspends(let budget) = self { budget } else { nil }
    }
}
