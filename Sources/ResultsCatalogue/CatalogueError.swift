// SPDX-License-Identifier: GPL-3.0-or-later

/// The results catalogue (`OUT/catalogue.sqlite`) cannot be opened, read or written: the one error
/// type of this module. `cause` is the error underneath (SQLite's through GRDB, or Foundation's
/// when the folder cannot be created); `message` already carries its reason in words.
public struct CatalogueError: Error, CustomStringConvertible {
    /// The catalogue file (or the folder that should hold it).
    public var path: String
    /// What failed and why, e.g. "cannot be read: file is not a database".
    public var message: String
    /// The wrapped error.
    public var cause: (any Error)?

    public init(path: String, message: String, cause: (any Error)? = nil) {
        self.path = path
        self.message = message
        self.cause = cause
    }

    public var description: String { "\(path): error: \(message)" }
}
