// SPDX-License-Identifier: GPL-3.0-or-later
import HCICapture

/// Capture files on the command line: a `CaptureError` gains the file's name (exit status 2).
enum CaptureInput {
    /// Runs `body`, wrapping a `CaptureError` in a `CommandError` that names `file`.
    static func naming<T>(_ file: String?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CaptureError {
            throw CommandError("error: \(file ?? "capture"): \(error.message)", cause: error)
        }
    }
}
