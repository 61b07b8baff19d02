// SPDX-License-Identifier: GPL-3.0-or-later

/// The launch options of `application(_:didFinishLaunchingWithOptions:)`, reduced to the one a
/// beacon app reads.
public struct LaunchOptions: Hashable, Sendable {
    /// `UIApplication.LaunchOptionsKey.location`: the OS launched the app for a region event.
    public var location: Bool

    public init(location: Bool = false) { self.location = location }
}
