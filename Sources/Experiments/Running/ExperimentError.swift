// SPDX-License-Identifier: GPL-3.0-or-later

/// A problem with an experiment's input (options, shard folders to merge): exit code 2.
public struct ExperimentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The error underneath, if this one wraps another.
    public var cause: (any Error & Sendable)?

    public init(_ message: String, cause: (any Error & Sendable)? = nil) {
        self.message = message
        self.cause = cause
    }

    public var description: String { "error: \(message)" }
}
