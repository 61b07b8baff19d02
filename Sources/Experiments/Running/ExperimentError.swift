// SPDX-License-Identifier: GPL-3.0-or-later

/// A problem with an experiment's input (options, shard folders to merge): exit code 2. Printed
/// `location: error: message` when it is about a place in a file (`path` or `path:line`), else
/// `error: message`.
public struct ExperimentError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The file (and line) the problem is in; nil for a problem of the command line.
    public var location: String?
    /// The error underneath, if this one wraps another.
    public var cause: (any Error & Sendable)?

    public init(_ message: String, cause: (any Error & Sendable)? = nil) {
        self.message = message
        self.cause = cause
    }

    /// A problem at `location` (`path` or `path:line`).
    public init(at location: String, _ message: String, cause: (any Error & Sendable)? = nil) {
        self.init(message, cause: cause)
        self.location = location
    }

    public var description: String { location.map { "\($0): error: \(message)" } ?? "error: \(message)" }
}
