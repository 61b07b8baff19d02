// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif
internal import Reporting

/// Standard output written from one byte buffer sent on in chunks (`fwrite` to the C `stdout`
/// `print` writes to, so the order with printed lines holds): a large JSON answer, such as
/// `run --json`'s metrics of a crowd, is formatted piece by piece instead of as one `String`.
final class StandardOutputStream {
    private var buffer = JSONBytes(capacity: StandardOutputStream.chunk + 4096)
    private static let chunk = 1 << 16

    /// Appends what `body` writes into the buffer (sent on once it holds a chunk).
    func write(_ body: (inout JSONBytes) -> Void) {
        body(&buffer)
        if buffer.count >= Self.chunk { flush() }
    }

    /// Appends `text` as it is (already-encoded JSON).
    func append(_ text: String) { write { $0.append(text) } }

    /// Sends what is buffered to standard output and flushes it.
    func flush() {
        buffer.withBytes { bytes in
            if let base = bytes.baseAddress { _ = fwrite(base, 1, bytes.count, stdout) }
        }
        buffer.removeAll()
        fflush(stdout)
    }
}
