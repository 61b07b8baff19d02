// SPDX-License-Identifier: GPL-3.0-or-later
/// A results folder or file could not be created (`cause`: the operating system's error, if any).
public struct ResultsError: Error, CustomStringConvertible {
    public var path: String
    public var message: String
    public var cause: (any Error)?

    public init(path: String, message: String, cause: (any Error)? = nil) {
        self.path = path
        self.message = message
        self.cause = cause
    }

    /// Wraps a Foundation error met creating `path`, keeping its reason.
    public init(path: String, cause: any Error) {
        let reason = FileErrorText.reason(of: cause, path: path) ?? String(describing: cause)
        self.init(path: path, message: "cannot be created: \(reason)", cause: cause)
    }

    public var description: String { "\(path): error: \(message)" }
}
