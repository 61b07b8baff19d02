// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// SHA-256 for other modules (e.g. a capture's hash in a replay manifest), over the same
/// implementation as `Scenario.sourceHash`.
public enum SHA256Digest {
    /// The digest of `bytes` as 64 lower-case hexadecimal digits.
    public static func hex<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        _SHA256.hexDigest(of: bytes)
    }

    /// The digest of the file at `path`, read in 1 MiB pieces (constant memory); nil when it
    /// cannot be read.
    public static func hex(ofFileAt path: String) -> String? {
        guard let stream = InputStream(fileAtPath: path) else { return nil }
        stream.open()
        defer { stream.close() }
        var hasher = _SHA256.Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { return nil }
            if count == 0 { return hasher.hexDigest() }
            hasher.update(Array(buffer[0..<count]))
        }
    }
}
