// SPDX-License-Identifier: GPL-3.0-or-later

/// One problem found in a scenario, printed as `file:line:col: error: message` like a compiler.
///
/// Always one line: control characters and line separators in the message (a value quoted from
/// the file may hold any) are written as escapes, `\n` or `\u{…}`.
public struct Diagnostic: Hashable, Sendable, Comparable {
    public enum Severity: String, Sendable, Hashable { case error, warning }

    public var location: SourceLocation
    public var severity: Severity
    public var message: String

    public init(_ severity: Severity = .error, at location: SourceLocation, _ message: String) {
        self.location = location
        self.severity = severity
        self.message = message.singleLine
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.location, lhs.message) < (rhs.location, rhs.message)
    }
}

extension String {
    /// The text with every character that could end or hide a line escaped (`\n`, `\r`, `\u{0}`…).
    public var singleLine: String {
        guard unicodeScalars.contains(where: \.breaksLine) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.breaksLine: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// Control characters other than tab, and the Unicode line and paragraph separators.
    fileprivate var breaksLine: Bool {
        (properties.generalCategory == .control && self != "\t") || value == 0x2028 || value == 0x2029
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
