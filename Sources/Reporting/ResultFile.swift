// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// A results file written as it is produced: appended to a hidden temporary file beside it in
/// buffered chunks, and renamed into place by `commit()` (never replacing an existing file), so a
/// reader sees either no file or the whole one. Dropped without `commit()`, the temporary file is
/// removed. Not `Sendable`: one writer.
public final class ResultFile {
    public let target: URL
    private let temporary: URL
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var done = false
    /// The first write error; reported by `commit()` (appending never throws, so a simulation can
    /// stream into the file without handling errors per record).
    private var failure: (any Error)?
    private static let chunk = 1 << 16

    /// Creates the temporary file for `name` in `directory`; throws if `name` exists there.
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
        buffer.reserveCapacity(Self.chunk + 4096)
    }

    deinit {
        if !done {
            try? handle.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Appends `text` (written out in chunks of 64 KiB).
    public func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.chunk { flush() }
    }

    private func flush() {
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            failure = ResultsError(path: target.path, cause: error)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and renames the file into place; throws the first write error, or
    /// if the target appeared meanwhile. The temporary file is gone afterwards either way.
    public func commit() throws {
        flush()
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
