// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Experiments
import Foundation
import HCICapture
import HCILive
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
    static func report(_ error: any Error) -> Int32 {
        let (message, status) = describe(error)
        if let message {
            if status == 0 { print(message) } else { Console.error(message) }
        }
        return status
    }

    /// The message (nil when already printed) and exit status of `error`.
    static func describe(_ error: any Error) -> (message: String?, status: Int32) {
        switch error {
        case let error as CommandError: return (error.message, error.status.rawValue)
        case let error as ExitCode: return (nil, error.rawValue)
        case let error as ScenarioError: return (error.description, badInput.rawValue)
        case let error as SettingError: return (error.description, badInput.rawValue)
        case let error as ExperimentError: return (error.description, badInput.rawValue)
        case let error as ResultsError: return (error.description, badInput.rawValue)
        case let error as CaptureError: return ("error: \(error.message)", badInput.rawValue)
        case let error as SurveyError: return (error.description, badInput.rawValue)
        case let error as FitError: return (error.description, badInput.rawValue)
        case let error as HCIError:
            return ("error: \(error.message)", (error.code == .badTransportName ? badInput : claimFailed).rawValue)
        default: break
        }
        if let text = FileErrorText.describe(error) { return ("error: \(text)", badInput.rawValue) }
        // Argument parsing, validation, help and --version: ArgumentParser's own messages.
        let code = BeaconSimCommand.exitCode(for: error)
        let message = BeaconSimCommand.fullMessage(for: error)
        if code == .validationFailure { return (message, badInput.rawValue) }
        return (message.isEmpty ? nil : message, code.rawValue)
    }
}

/// Writing to the terminal.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
