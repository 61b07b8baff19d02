// SPDX-License-Identifier: GPL-3.0-or-later

/// What the app lifecycle decided.
public enum LifecycleEffect: Sendable, Hashable {
    /// The process changed state, and why.
    case stateChanged(from: AppState, to: AppState, reason: AppStateChangeReason)
    /// A new process started: `didFinishLaunching`, with the location key when the OS launched it
    /// for a region event.
    case launched(locationEvent: Bool)
    /// A background task was still open when running time ran out (its expiration handler runs,
    /// then the app is suspended).
    case backgroundTaskExpired
}
