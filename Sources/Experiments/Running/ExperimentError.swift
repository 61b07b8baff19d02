// SPDX-License-Identifier: GPL-3.0-or-later

/// A problem with an experiment's input (options, shard folders to merge): exit code 2.
public struct ExperimentError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { "error: \(message)" }
}
