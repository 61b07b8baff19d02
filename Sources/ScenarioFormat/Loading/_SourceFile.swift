// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Reads a scenario or imported file whole (`RegularFile`: special files refused by type, at most
/// `ScenarioLimits.maximumFileBytes`); failures carry the reason.
enum _SourceFile {
    /// The bytes of `path`, or a sentence saying why they cannot be read (no file name in it).
    /// `pipes`: `.read` only for the scenario file the user named (see `RegularFile.Pipes`).
    static func contents(_ path: String, pipes: RegularFile.Pipes = .refused) -> Result<[UInt8], _ParseFailure> {
        RegularFile.bytes(path, limit: ScenarioLimits.maximumFileBytes, what: "scenario files", pipes: pipes).mapError {
            _ParseFailure($0.reason)
        }
    }

    /// The text of `path` as UTF-8, or the reason it cannot be read.
    static func text(_ path: String, pipes: RegularFile.Pipes = .refused) -> Result<
        (text: String, bytes: [UInt8]), _ParseFailure
    > {
        contents(path, pipes: pipes).flatMap { bytes in
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                return .failure(_ParseFailure("it is not valid UTF-8 text"))
            }
            return .success((text, bytes))
        }
    }
}
