// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import HCILive

/// Live controllers on the command line: `HCIError` to stderr (with the HCI status name for a bad
/// reply), exit code 1; a transport name that does not parse, exit code 2.
enum ControllerInput {
    @discardableResult
    static func diagnosing<T>(_ transport: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as HCIError {
            Console.error("beaconsim: \(error.message)")
            throw ExitCode(error.code == .badTransportName ? 2 : 1)
        }
    }
}
