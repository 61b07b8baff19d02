// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// The program's one atomic file writer (results files, captures, reports): bytes go to a hidden
/// temporary file in the destination's folder, which `commit()` moves into place, so a reader sees
/// either no file or the whole one. Without `overwrite`, an existing destination is never replaced:
/// checked when the writer starts and again, atomically, by link(2) at commit. Dropped without
/// `commit()`, the temporary file is removed. Not `Sendable`: one writer.
///
/// Bytes are buffered and written out in chunks of 64 KiB. Errors are `AtomicFileWriter.Failure`;
/// each caller words them in its own error type (`ResultsError`, `CaptureError`).
public final class AtomicFileWriter {
    /// Why a write failed.
    public enum Failure: Error {
        /// The destination exists and `overwrite` is false.
        case exists
        /// The temporary file could not be created in `folder`.
        case cannotCreateTemporary(folder: String, cause: (any Error)?)
        /// Writing to the temporary file failed.
        case write(temporary: String, cause: any Error)
        /// Moving the temporary file into place failed with `errno`.
        case commit(errno: Int32)
    }

    /// The destination path.
    public let destination: String
    /// The hidden temporary file (`.NAME.PID-RANDOM.tmp` beside the destination).
    public let temporary: String
    private let overwrite: Bool
    private let synchronize: Bool
    private var handle: FileHandle?
    private var buffer: [UInt8] = []
    private var finished = false
    private static let chunk = 1 << 16

    /// Starts the temporary file for `destination`. `overwrite`: replace an existing file (derived
    /// files such as report.html); else throw `.exists`. `synchronize`: flush the file to the disk
    /// before it is moved into place (captures, which are often the only copy of a recording).
    public init(path destination: String, overwrite: Bool = false, synchronize: Bool = false) throws(Failure) {
        if !overwrite, FileManager.default.fileExists(atPath: destination) { throw .exists }
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        self.destination = destination
        temporary =
            folder + "/." + url.lastPathComponent + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        self.overwrite = overwrite
        self.synchronize = synchronize
        guard FileManager.default.createFile(atPath: temporary, contents: nil) else {
            throw .cannotCreateTemporary(folder: folder, cause: nil)
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw .cannotCreateTemporary(folder: folder, cause: error)
        }
        buffer.reserveCapacity(Self.chunk)
    }

    deinit {
        try? handle?.close()
        if !finished { unlink(temporary) }
    }

    /// Appends `bytes` (written out once 64 KiB are buffered).
    public func write(_ bytes: [UInt8]) throws(Failure) {
        if buffer.isEmpty, bytes.count >= Self.chunk { return try put(bytes) }  // a whole chunk: no copy
        buffer += bytes
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Appends the caller's bytes without an intermediate array (the result writers hand over
    /// their 64 KiB chunks this way).
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
        if buffer.isEmpty, bytes.count >= Self.chunk {  // a whole chunk: straight to the file
            guard let handle else { return }
            do { try handle.write(contentsOf: bytes) } catch { throw .write(temporary: temporary, cause: error) }
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { try flush() }
    }

    private func flush() throws(Failure) {
        guard !buffer.isEmpty else { return }
        try put(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func put(_ bytes: [UInt8]) throws(Failure) {
        guard let handle else { return }
        do { try handle.write(contentsOf: bytes) } catch { throw .write(temporary: temporary, cause: error) }
    }

    /// Writes what is buffered, closes the file and moves it to the destination. The temporary file
    /// is gone afterwards, whether it succeeded or not.
    public func commit() throws(Failure) {
        defer {
            finished = true
            unlink(temporary)
        }
        try flush()
        if synchronize { try? handle?.synchronize() }
        do { try handle?.close() } catch { throw .write(temporary: temporary, cause: error) }
        handle = nil
        if overwrite {
            guard rename(temporary, destination) == 0 else { throw .commit(errno: errno) }
            return
        }
        // link(2) fails with EEXIST instead of replacing a file that appeared since the start.
        if link(temporary, destination) == 0 { return }
        let code = errno
        if code == EEXIST { throw .exists }
        // File systems without hard links (FAT, some network mounts): check, then rename.
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV else {
            throw .commit(errno: code)
        }
        guard !FileManager.default.fileExists(atPath: destination) else { throw .exists }
        guard rename(temporary, destination) == 0 else { throw .commit(errno: errno) }
    }

    /// Writes `bytes` to `destination` at once (see `init(path:overwrite:synchronize:)`).
    public static func write(_ bytes: [UInt8], to destination: String, overwrite: Bool = false) throws(Failure) {
        let writer = try AtomicFileWriter(path: destination, overwrite: overwrite)
        try writer.write(bytes)
        try writer.commit()
    }
}
