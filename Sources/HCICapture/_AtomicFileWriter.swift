// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Writes a file atomically: bytes go to a temporary file in the destination's folder, which is
/// renamed into place by `commit()`. Without `overwrite`, an existing destination is never replaced
/// (checked at the start, and again atomically with link(2) at commit time).
final class _AtomicFileWriter {
    private let destination: String
    private let temporary: String
    private let overwrite: Bool
    private var handle: FileHandle?
    private var buffer: [UInt8] = []
    private var committed = false

    init(path: String, overwrite: Bool) throws {
        if !overwrite, FileManager.default.fileExists(atPath: path) {
            throw Self.exists(path)
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        destination = path
        temporary = folder + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        self.overwrite = overwrite
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw CaptureError(code: .io, offset: nil, message: "cannot create a temporary file in \(folder)")
        }
        self.handle = handle
    }

    deinit {
        try? handle?.close()
        if !committed { unlink(temporary) }
    }

    private static func exists(_ path: String) -> CaptureError {
        CaptureError(code: .fileExists, offset: nil, message: "\(path) exists; not overwriting it")
    }

    func write(_ bytes: [UInt8]) throws {
        buffer += bytes
        if buffer.count >= 65_536 { try flush() }
    }

    private func flush() throws {
        guard let handle, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: Data(buffer))
        } catch {
            throw CaptureError(
                code: .io, offset: nil, message: "cannot write \(temporary): \(_IOReason.of(error))", cause: error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, closes and moves the temporary file to the destination.
    func commit() throws {
        try flush()
        try? handle?.synchronize()
        try? handle?.close()
        handle = nil
        if overwrite {
            guard rename(temporary, destination) == 0 else {
                throw CaptureError(
                    code: .io, offset: nil, message: "cannot rename into \(destination) (errno \(errno))")
            }
        } else {
            guard link(temporary, destination) == 0 else {
                let code = errno
                unlink(temporary)
                committed = true
                if code == EEXIST { throw Self.exists(destination) }
                throw CaptureError(code: .io, offset: nil, message: "cannot create \(destination) (errno \(code))")
            }
            unlink(temporary)
        }
        committed = true
    }
}
