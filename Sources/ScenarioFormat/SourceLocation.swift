// SPDX-License-Identifier: GPL-3.0-or-later

/// A position in a scenario file, 1-based, for diagnostics in the `file:line:col` form.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// A location for values that came from no file (built in code or defaults).
    public static let unknown = SourceLocation(file: "<none>", line: 0, column: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

extension SourceLocation: CustomStringConvertible {
    public var description: String { "\(file.singleLine):\(line):\(column)" }
}
