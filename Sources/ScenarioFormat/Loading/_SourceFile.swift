// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Reads a scenario or imported file whole, refusing what is not a file or is larger than
/// `ScenarioLimits.maximumFileBytes`; failures carry the operating system's own reason.
enum _SourceFile {
    /// The bytes of `path`, or a sentence saying why they cannot be read (no file name in it).
    static func contents(_ path: String) -> Result<[UInt8], _ParseFailure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(reason()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(reason()) }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .failure(_ParseFailure("it is a directory"))
        case S_IFCHR, S_IFBLK, S_IFSOCK: return .failure(_ParseFailure("it is a device or socket, not a file"))
        default: break
        }
        let limit = ScenarioLimits.maximumFileBytes
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(reason())
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[0..<count]
        }
        return .failure(_ParseFailure("it is larger than \(limit >> 20) MiB, the limit for scenario files"))
    }

    /// The text of `path` as UTF-8, or the reason it cannot be read.
    static func text(_ path: String) -> Result<(text: String, bytes: [UInt8]), _ParseFailure> {
        contents(path).flatMap { bytes in
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                return .failure(_ParseFailure("it is not valid UTF-8 text"))
            }
            return .success((text, bytes))
        }
    }

    private static func reason() -> _ParseFailure { _ParseFailure(String(cString: strerror(errno)).lowercased()) }
}
