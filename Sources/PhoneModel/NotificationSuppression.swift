// SPDX-License-Identifier: GPL-3.0-or-later

/// Why Android did not show a notification the app posted (the trace's `notificationSuppressed`).
/// The raw value is the text the timeline's `reason` field carries (unchanged from when reasons
/// were strings).
public enum NotificationSuppression: String, Sendable, Hashable, CaseIterable {
    /// Android 13+: the POST_NOTIFICATIONS runtime permission is not granted.
    case permissionNotGranted = "POST_NOTIFICATIONS not granted (Android 13+)"
    /// Before Android 13: the user turned the app's notifications off.
    case turnedOff = "the app's notifications are turned off"
}
