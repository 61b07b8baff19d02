// SPDX-License-Identifier: GPL-3.0-or-later

/// The app's location authorisation (`CLAuthorizationStatus` reduced to what changes behaviour).
public enum LocationAuthorization: String, Sendable, Hashable {
    /// Background monitoring allowed.
    case always
    /// Foreground only: background monitoring needs Always (behaviour.md §1.5, M).
    case whenInUse
    /// No monitoring, no ranging.
    case denied
}
