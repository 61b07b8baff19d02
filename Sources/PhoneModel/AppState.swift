// SPDX-License-Identifier: GPL-3.0-or-later

/// The app's process state, as iOS names them (Android maps onto the same four).
public enum AppState: String, Sendable, Hashable {
    /// No process (never launched, killed by the user or terminated by the system).
    case notRunning
    /// Visible and running.
    case foreground
    /// Running in the background (a wake window or a background task).
    case background
    /// In memory, not running; callbacks wait for a wake.
    case suspended

    /// Whether app code runs in this state (callbacks are delivered, ranging reported).
    @inlinable public var isRunning: Bool { self == .foreground || self == .background }
}
