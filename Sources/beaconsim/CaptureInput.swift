// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import HCICapture

/// Capture files and controllers on the command line: their errors to stderr, exit code 2.
enum CaptureInput {
    /// Runs `body`, turning `CaptureError` (a capture file that cannot be read or written) into a
    /// message naming `file` and exit code 2.
    static func diagnosing<T>(_ file: String?, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CaptureError {
            Console.error("beaconsim: \(file ?? "capture"): \(error.message)")
            throw ExitCode(2)
        }
    }
}
