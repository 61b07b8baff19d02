// SPDX-License-Identifier: GPL-3.0-or-later

/// Every problem found in one or more scenario files, reported together.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
