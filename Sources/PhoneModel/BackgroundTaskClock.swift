// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a background task's time is counted from. The sources disagree (docs/phone-model.md,
/// "Background tasks"), so it is a parameter.
public enum BackgroundTaskClock: Hashable, Sendable {
    /// From the start of the background session: the wake, or the user leaving the app
    /// (`backgroundTimeRemaining` is the time left in the background, Apple doc, H).
    case fromSessionStart
    /// From the `beginBackgroundTask` request.
    case fromRequest
}
