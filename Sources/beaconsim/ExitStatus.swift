// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import HCICapture
import HCILive
import ResultsCatalogue
import RadioCalibration
import Reporting
import ScenarioFormat

/// The exit statuses README.md promises, and the one mapping from any error to its message and
/// status: 0 success, 1 a claim failed (or a live controller stopped answering), 2 bad input or
/// usage (a scenario, a setting, an argument, a file that cannot be read or written), 130 after
/// Ctrl-C, 143 after SIGTERM. Foundation errors are turned into `path: reason` sentences, never printed raw.
enum ExitStatus: Int32, CustomStringConvertible {
    case success = 0
    case claimFailed = 1
    case badInput = 2
    case interrupted = 130
    /// SIGTERM (a batch scheduler's time limit or preemption) ended the command after writing
    /// what finished.
    case terminated = 143

    /// The status for an experiment stopped by the signal status `signal` (130 or 143; nil: Ctrl-C).
    init(interruptedWith signal: Int32?) { self = signal == 143 ? .terminated : .interrupted }

    var description: String { "exit \(rawValue)" }

    /// Prints `error`'s message on stderr (help and `--version` on stdout) and returns the status.
    static func report(_ error: any Error) -> Int32 { print(describe(error)) }

    /// The same for an error of the argument parser (usage, `--help`, `--version`): its own message.
    static func report(parsing error: any Error) -> Int32 { print(parserMessage(error)) }

    private static func print(_ described: (message: String?, status: Int32)) -> Int32 {
        if let message = described.message {
            if described.status == 0 { Swift.print(message) } else { Console.error(message) }
        }
        return described.status
    }

    /// The message (nil when already printed) and exit status of an error thrown while a command
    /// runs: each layer's one error type, Foundation's file errors as `path: reason`, the parser's
    /// own errors, and anything else as one `error:` line with exit 2 — never a raw Foundation
    /// error. Where an error wraps another (`cause`), the cause's reason is added when the message
    /// does not carry it yet.
    static func describe(_ error: any Error) -> (message: String?, status: Int32) {
        switch error {
        case let error as CommandError:
            return (error.message.map { withCause($0, error.cause) }, error.status.rawValue)
        case let error as ScenarioError: return (error.description, badInput.rawValue)
        case let error as ExperimentError: return (error.description, badInput.rawValue)
        case let error as ResultsError: return (error.description, badInput.rawValue)
        case let error as CatalogueError: return (withCause(error.description, error.cause), badInput.rawValue)
        case let error as CaptureError: return ("error: \(error.message)", badInput.rawValue)
        case let error as CalibrationError: return (error.description, badInput.rawValue)
        case let error as HCIError:
            return ("error: \(error.message)", (error.code == .badTransportName ? badInput : claimFailed).rawValue)
        default: break
        }
        // The parser's own errors (`ExitCode`, `ValidationError`, `CleanExit`, and the internal
        // error of `--help`, which the parser runs as a command) keep its messages and statuses.
        if String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") { return parserMessage(error) }
        if let text = FileErrorText.describe(error) { return ("error: \(text)", badInput.rawValue) }
        return ("error: \(plainText(error))", badInput.rawValue)
    }

    /// ArgumentParser's message and status; a validation failure is bad usage (2).
    private static func parserMessage(_ error: any Error) -> (message: String?, status: Int32) {
        if let error = error as? ExitCode { return (nil, error.rawValue) }
        let code = BeaconSimCommand.exitCode(for: error)
        let message = BeaconSimCommand.fullMessage(for: error)
        if code == .validationFailure { return (message, badInput.rawValue) }
        return (message.isEmpty ? nil : message, code.rawValue)
    }

    /// `message`, with the reason of `cause` appended when it is a file error whose reason the
    /// message does not already give.
    static func withCause(_ message: String, _ cause: (any Error)?) -> String {
        guard let cause, let reason = FileErrorText.reason(of: cause), !message.contains(reason) else { return message }
        return "\(message): \(reason)"
    }

    /// An error's own sentence: its description for Swift errors, the localized description for an
    /// `NSError` (whose description is the raw `Error Domain=…` text).
    static func plainText(_ error: any Error) -> String {
        if type(of: error) is NSError.Type { return (error as NSError).localizedDescription }
        return String(describing: error)
    }
}

/// Writing to the terminal.
enum Console {
    /// Writes `text` on stderr, control characters made visible (`Escaping.terminal`).
    static func error(_ text: String) {
        let visible = Escaping.terminal(text)
        FileHandle.standardError.write(Data((visible.hasSuffix("\n") ? visible : visible + "\n").utf8))
    }
}
