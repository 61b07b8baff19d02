// SPDX-License-Identifier: GPL-3.0-or-later

/// One problem found in a scenario, printed as `file:line:col: error: message` like a compiler.
public struct Diagnostic: Hashable, Sendable, Comparable {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = message
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
