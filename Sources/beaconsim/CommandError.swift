// SPDX-License-Identifier: GPL-3.0-or-later

/// The command line's own error: a sentence for the user, the exit status it stands for, and the
/// error it wraps (if any). Other layers' errors (`ScenarioError`, `ResultsError`, `CaptureError`,
/// …) reach the user unchanged through `ExitStatus.report`, the one mapping from errors to exit
/// statuses; a command throws `CommandError` only to add context (which file) or for a problem of
/// its own (an unknown profile name, nothing to sweep).
struct CommandError: Error, CustomStringConvertible {
    /// The sentence printed on stderr; nil when it was already printed (diagnostics streamed as found).
    var message: String?
    var status: ExitStatus
    /// The error this one wraps.
    var cause: (any Error)?

    init(_ message: String?, status: ExitStatus = .badInput, cause: (any Error)? = nil) {
        self.message = message
        self.status = status
        self.cause = cause
    }

    var description: String { message ?? "error (\(status))" }

    /// A claim failed (exit 1); the report was printed.
    static let claimFailed = CommandError(nil, status: .claimFailed)
    /// Ctrl-C ended the command after writing what finished (exit 130).
    static let interrupted = CommandError(nil, status: .interrupted)
}
