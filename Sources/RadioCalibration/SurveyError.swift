// SPDX-License-Identifier: GPL-3.0-or-later

/// A survey or points file that cannot be used: every problem found, each as
/// `file:line: error: message`, in file order.
public struct SurveyError: Error, CustomStringConvertible {
    public var problems: [(line: Int, message: String)]
    public var path: String

    public init(path: String, problems: [(line: Int, message: String)]) {
        self.path = path
        self.problems = problems
    }

    public var description: String {
        problems.sorted { $0.line < $1.line }.map { "\(path):\($0.line): error: \($0.message)" }.joined(separator: "\n")
    }
}
