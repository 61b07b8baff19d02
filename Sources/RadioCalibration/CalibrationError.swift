// SPDX-License-Identifier: GPL-3.0-or-later
internal import ScenarioFormat

/// The one error type of `beaconsim fit` / `predict`: a survey or points file that cannot be used
/// (every problem found, each as `file:line: error: message`, in file order), or a fit that cannot
/// be made (`path` nil: too little data, a solver failure). `cause` is the error underneath (the
/// file system's, the solver's), if any.
public struct CalibrationError: Error, CustomStringConvertible {
    public var problems: [(line: Int, message: String)]
    /// The survey or points file; nil for a problem of the fit itself.
    public var path: String?
    /// The wrapped error.
    public var cause: (any Error)?

    public init(path: String?, problems: [(line: Int, message: String)], cause: (any Error)? = nil) {
        self.path = path
        self.problems = problems
        self.cause = cause
    }

    /// A fit that cannot be made.
    static func fit(_ message: String, cause: (any Error)? = nil) -> CalibrationError {
        CalibrationError(path: nil, problems: [(0, message)], cause: cause)
    }

    public var description: String {
        let lines = problems.sorted { $0.line < $1.line }.map { problem in
            (
                text: path.map { "\($0):\(problem.line): error: \(problem.message)" } ?? "error: \(problem.message)",
                message: problem.message
            )
        }
        return RepeatedDiagnostics.summarized(lines).joined(separator: "\n")
    }
}
