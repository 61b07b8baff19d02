// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// A results file written as it is produced: appended to a hidden temporary file beside it in
/// buffered chunks, and renamed into place by `commit()` (never replacing an existing file), so a
/// reader sees either no file or the whole one. Dropped without `commit()`, the temporary file is
/// removed. Not `Sendable`: one writer.
///
/// Records are written as bytes into the file's one buffer (`write(_:)`, `JSONBytes`), which goes
/// out in chunks of 64 KiB; a file whose name ends in `.gz` is gzip-compressed on the way out.
public final class ResultFile {
    public let target: URL
    private let temporary: URL
    private let handle: FileHandle
    private var buffer = JSONBytes(capacity: ResultFile.chunk + 4096)
    /// The compressor of a `.gz` file; nil: written as it is.
    private let gzip: GzipStream?
    /// Bytes handed to the file before compression (what the records take as text).
    public private(set) var textBytes = 0
    private var done = false
    /// The first write error; reported by `commit()` (appending never throws, so a simulation can
    /// stream into the file without handling errors per record).
    private var failure: (any Error)?
    private static let chunk = 1 << 16

    /// Creates the temporary file for `name` in `directory`; throws if `name` exists there. A
    /// `name` ending in `.gz` is written gzip-compressed.
    public init(_ name: String, in directory: URL) throws {
        target = directory.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: target.path) else {
            throw ResultsError(path: target.path, message: "exists; results are never overwritten")
        }
        temporary = directory.appendingPathComponent(".\(name).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw ResultsError(path: temporary.path, message: "cannot create")
        }
        do { handle = try FileHandle(forWritingTo: temporary) } catch { throw ResultsError(path: target.path, cause: error) }
        if name.hasSuffix(".gz") {
            guard let stream = GzipStream() else { throw ResultsError(path: target.path, message: "zlib could not start") }
            gzip = stream
        } else {
            gzip = nil
        }
    }

    deinit {
        if !done {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Appends `text` (written out in chunks of 64 KiB).
    public func append(_ text: String) {
        buffer.append(text)
        if buffer.count >= Self.chunk { flush() }
    }

    /// Appends what `body` writes into the file's buffer (records formatted in place).
    @inline(__always)
    public func write(_ body: (inout JSONBytes) -> Void) {
        body(&buffer)
        if buffer.count >= Self.chunk { flush() }
    }

    private func flush(finish: Bool = false) {
        textBytes += buffer.count
        defer { buffer.removeAll() }
        guard failure == nil else { return }
        buffer.withBytes { bytes in
            if let gzip {
                gzip.compress(bytes, finish: finish) { self.put($0) }
            } else if !bytes.isEmpty {
                put(bytes)
            }
        }
    }

    private func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        do {
            try handle.write(contentsOf: UnsafeRawBufferPointer(bytes))
        } catch {
            failure = ResultsError(path: target.path, cause: error)
        }
    }

    /// Writes what is buffered and renames the file into place; throws the first write error, or
    /// if the target appeared meanwhile. The temporary file is gone afterwards either way.
    public func commit() throws {
        flush(finish: true)
        done = true
        defer { try? FileManager.default.removeItem(at: temporary) }
        do { try handle.close() } catch { throw ResultsError(path: target.path, cause: error) }
        if let failure { throw failure }
        guard !FileManager.default.fileExists(atPath: target.path) else {
            throw ResultsError(path: target.path, message: "exists; results are never overwritten")
        }
        guard rename(temporary.path, target.path) == 0 else {
            throw ResultsError(path: target.path, message: String(cString: strerror(errno)))
        }
    }
}
