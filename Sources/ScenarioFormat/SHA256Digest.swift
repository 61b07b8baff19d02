// SPDX-License-Identifier: GPL-3.0-or-later

/// SHA-256 for other modules (e.g. a capture's hash in a replay manifest), over the same
/// implementation as `Scenario.sourceHash`.
public enum SHA256Digest {
    /// The digest of `bytes` as 64 lower-case hexadecimal digits.
    public static func hex<Bytes: Collection>(of bytes: Bytes) -> String where Bytes.Element == UInt8 {
        _SHA256.hexDigest(of: bytes)
    }
}
