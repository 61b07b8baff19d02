// SPDX-License-Identifier: GPL-3.0-or-later
internal import AtomicWrites
public import Foundation

/// A results file written as it is produced: appended to a hidden temporary file beside it in
/// buffered chunks, and moved into place by `commit()` (never replacing an existing file), so a
/// reader sees either no file or the whole one (`AtomicFileWriter`, the program's one atomic
/// writer). Dropped without `commit()`, the temporary file is removed. Not `Sendable`: one writer.
///
/// Records are written as bytes into the file's one buffer (`write(_:)`, `JSONBytes`), which goes
/// out in chunks of 64 KiB; a file whose name ends in `.gz` is gzip-compressed on the way out.
public final class ResultFile {
    public let target: URL
    private let file: AtomicFileWriter
    private var buffer = JSONBytes(capacity: ResultFile.chunk + 4096)
    /// The compressor of a `.gz` file; nil: written as it is.
    private let gzip: GzipStream?
    /// Bytes handed to the file before compression (what the records take as text).
    public private(set) var textBytes = 0
    /// The first write error; reported by `commit()` (appending never throws, so a simulation can
    /// stream into the file without handling errors per record).
    private var failure: (any Error)?
    private static let chunk = 1 << 16

    /// Creates the temporary file for `name` in `directory`; throws if `name` exists there. A
    /// `name` ending in `.gz` is written gzip-compressed.
    public init(_ name: String, in directory: URL) throws {
        target = directory.appendingPathComponent(name)
        do { file = try AtomicFileWriter(path: target.path) } catch { throw Self.error(error, path: target.path) }
        if name.hasSuffix(".gz") {
            guard let stream = GzipStream() else { throw ResultsError(path: target.path, message: "zlib could not start") }
            gzip = stream
        } else {
            gzip = nil
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
        do { try file.write(UnsafeRawBufferPointer(bytes)) } catch { failure = Self.error(error, path: target.path) }
    }

    /// Writes what is buffered and moves the file into place; throws the first write error, or
    /// if the target appeared meanwhile. The temporary file is gone afterwards either way.
    public func commit() throws {
        flush(finish: true)
        if let failure { throw failure }
        do { try file.commit() } catch { throw Self.error(error, path: target.path) }
    }

    /// Writes `text` to `url` atomically, replacing an earlier file: for files derived from results
    /// (report.html, a JUnit file), which are made again rather than kept.
    public static func replace(_ url: URL, with text: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ResultsError(path: url.path, message: "it is a directory")
        }
        do { try AtomicFileWriter.write(Array(text.utf8), to: url.path, overwrite: true) } catch {
            throw Self.error(error, path: url.path)
        }
    }

    /// `failure` worded for a results file at `path`.
    static func error(_ failure: AtomicFileWriter.Failure, path: String) -> ResultsError {
        switch failure {
        case .exists: ResultsError(path: path, message: "exists; results are never overwritten")
        case .cannotCreateTemporary(_, let cause?), .write(_, let cause): ResultsError(path: path, cause: cause)
        case .cannotCreateTemporary(let folder, nil): ResultsError(path: folder, message: "cannot create a file")
        case .commit(let code): ResultsError(path: path, message: String(cString: strerror(code)))
        }
    }
}
