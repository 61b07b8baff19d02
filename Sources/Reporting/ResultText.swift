// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import CZlib

/// Reads a results file as text whether it was written plain or gzip-compressed
/// (`timeline.jsonl` or `timeline.jsonl.gz`, `OutputSpec.compression`).
public enum ResultText {
    /// The text of `name` in `folder`, or of `name`.gz there when only that exists; nil when
    /// neither exists or cannot be read.
    public static func read(_ name: String, in folder: URL) -> String? {
        let plain = folder.appendingPathComponent(name)
        if let text = try? String(contentsOf: plain, encoding: .utf8) { return text }
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(name + ".gz")) else { return nil }
        return gunzip(data).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` or `name`.gz is in `folder`.
    public static func exists(_ name: String, in folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
            || FileManager.default.fileExists(atPath: folder.appendingPathComponent(name + ".gz").path)
    }

    /// The bytes of gzip data `data` (one or more members), or nil when it is not gzip or is cut short.
    public static func gunzip(_ data: Data) -> [UInt8]? {
        var stream = z_stream()
        // windowBits 15 + 16: gzip only (zlib manual, inflateInit2).
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let input = [UInt8](data)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in > 0 else { return output }
                    inflateReset(&stream)  // a further member follows
                case Z_OK: if produced == 0, stream.avail_in == 0 { return nil }  // cut short
                default: return nil
                }
            }
        }
    }
}
