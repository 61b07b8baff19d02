// SPDX-License-Identifier: GPL-3.0-or-later

/// The text of a wrapped error that is not `Sendable`, kept as a `Sendable` cause.
public struct _CauseText: Error, Sendable, CustomStringConvertible {
    public let text: String
    public var description: String { text }
}
