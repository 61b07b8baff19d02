// SPDX-License-Identifier: GPL-3.0-or-later
internal import CZlib

/// A gzip member written in pieces (zlib's deflate with a gzip wrapper, RFC 1952), for results
/// files ending in `.gz`. The header carries no file name and a modification time of 0, so the
/// same bytes in give the same bytes out on every machine.
final class GzipStream {
    private var stream = z_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 16)
    private var open = false

    /// zlib's level 1 (`Z_BEST_SPEED`, zlib manual): results are written while the simulation
    /// runs, and JSON lines repeat enough that the fastest level still shrinks them several-fold.
    static let level: Int32 = 1

    init?() {
        // windowBits 15 + 16: a gzip header and trailer instead of zlib's (zlib manual, deflateInit2).
        let status = deflateInit2_(
            &stream, Self.level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return nil }
        open = true
    }

    deinit { if open { deflateEnd(&stream) } }

    /// Compresses `input`, handing each full piece of output to `write`; `finish` ends the member.
    func compress(_ source: UnsafeBufferPointer<UInt8>, finish: Bool, write: (UnsafeBufferPointer<UInt8>) -> Void) {
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.avail_in = UInt32(source.count)
        repeat {
            output.withUnsafeMutableBufferPointer { target in
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                let produced = target.count - Int(stream.avail_out)
                if produced > 0 { write(UnsafeBufferPointer(rebasing: target[..<produced])) }
            }
        } while stream.avail_out == 0 || (finish && stream.avail_in > 0)
        stream.next_in = nil
        if finish {
            deflateEnd(&stream)
            open = false
        }
    }
}
