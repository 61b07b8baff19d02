// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A small buffered, forward-only byte source over a file or an in-memory array.
///
/// Files are read in chunks of `chunkSize` bytes, so memory stays constant whatever the file size
/// (callers cap the size of any single read).
final class _ByteSource {
    /// Bytes per file read: 64 KiB.
    static let chunkSize = 65_536

    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var position = 0
    private var exhausted: Bool
    /// Offset in the file of the next unread byte.
    private(set) var offset: Int64 = 0

    /// Opens `path`; throws `io` with the system's reason, or the file's type when it is not a
    /// regular file (a FIFO, a device, a socket, a directory).
    init(path: String) throws {
        // Non-blocking, so that a FIFO does not hang the open; it is then refused by its type.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        let refuse = { (reason: String) in
            CaptureError(code: .io, offset: nil, message: "cannot open \(path) for reading: \(reason)")
        }
        guard descriptor >= 0 else { throw refuse(String(cString: strerror(errno)).lowercased()) }
        var status = stat()
        let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
        guard kind == S_IFREG else {
            close(descriptor)
            let names: [mode_t: String] = [
                S_IFDIR: "a directory", S_IFIFO: "a FIFO (named pipe)", S_IFCHR: "a character device",
                S_IFBLK: "a block device", S_IFSOCK: "a socket",
            ]
            throw refuse("it is \(names[kind] ?? "a special file"), not a regular file")
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.buffer = []
        self.exhausted = false
    }

    init(bytes: [UInt8]) {
        self.handle = nil
        self.buffer = bytes
        self.exhausted = true
    }

    deinit { try? handle?.close() }

    private var available: Int { buffer.count - position }

    /// Fills the buffer until it holds `count` unread bytes or the file ends.
    private func fill(_ count: Int) throws {
        guard let handle else { return }
        while available < count, !exhausted {
            if position > 0 {
                buffer.removeFirst(position)
                position = 0
            }
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: max(Self.chunkSize, count - available))
            } catch {
                throw CaptureError(
                    code: .io, offset: offset, message: "read error at byte offset \(offset): \(_IOReason.of(error))",
                    cause: error)
            }
            guard let chunk, !chunk.isEmpty else {
                exhausted = true
                return
            }
            buffer.append(contentsOf: chunk)
        }
    }

    /// The next `count` bytes without consuming them (fewer at the end of the file).
    func peek(_ count: Int) throws -> ArraySlice<UInt8> {
        try fill(count)
        return buffer[position..<(position + min(count, available))]
    }

    /// Consumes and returns up to `count` bytes (fewer only at the end of the file).
    func read(_ count: Int) throws -> [UInt8] {
        let bytes = Array(try peek(count))
        position += bytes.count
        offset += Int64(bytes.count)
        return bytes
    }

    /// Consumes exactly `count` bytes or throws `truncated`, naming `what`.
    func readExactly(_ count: Int, _ what: String) throws -> [UInt8] {
        let start = offset
        let bytes = try read(count)
        guard bytes.count == count else {
            throw CaptureError.truncated(what, at: start, need: count, have: Int64(bytes.count))
        }
        return bytes
    }

    /// Skips up to `count` bytes in chunks; returns how many were skipped.
    func skip(_ count: Int64) throws -> Int64 {
        var remaining = count
        while remaining > 0 {
            let step = Int(min(remaining, Int64(Self.chunkSize)))
            let got = try read(step).count
            remaining -= Int64(got)
            if got < step { break }
        }
        return count - remaining
    }

    /// True when no byte is left.
    func atEnd() throws -> Bool { try peek(1).isEmpty }
}
