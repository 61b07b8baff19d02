// SPDX-License-Identifier: GPL-3.0-or-later

/// `UIBackgroundTaskIdentifier`.
public struct BackgroundTaskIdentifier: Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `UIBackgroundTaskIdentifier.invalid`: returned when the app cannot begin a task.
    public static let invalid = BackgroundTaskIdentifier(rawValue: 0)
}
