// SPDX-License-Identifier: GPL-3.0-or-later

/// What region events do for an app the user killed (behaviour.md §1.5).
public enum KilledAppPolicy: Hashable, Sendable {
    /// The OS relaunches it into the background (iOS 7.1+; Android scanning resumes).
    case relaunched
    /// It stays terminated until the user opens it (iOS 7.0).
    case staysTerminated
}
