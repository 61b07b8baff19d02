// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Reading an input file whole, the one way every reader of the program's inputs does it
/// (scenarios and their imports, site surveys, results folders read back): the file is opened
/// without blocking (a FIFO would otherwise hang the open), refused by its type when it is not a
/// regular file (a FIFO, a device such as `/dev/zero`, a socket, a folder) — with that type as the
/// reason, not "permission denied" — and refused when larger than the caller's limit, before any
/// of it is held in memory.
public enum RegularFile {
    /// Why a file cannot be read: a sentence without the file's name (callers put it in front).
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Whether a pipe is read: only a file the user named on the command line may be one (a
    /// shell's `<(…)` or `/dev/stdin`: waiting for its writer is what they asked for); a file named
    /// by another file's content (an import, a shard's scenario) never is, since nothing may write.
    public enum Pipes: Sendable { case refused, read }

    /// The bytes of `path`, at most `limit` of them; `what` names the kind of file in the
    /// too-large sentence ("scenario files", "survey files").
    public static func bytes(_ path: String, limit: Int, what: String, pipes: Pipes = .refused) -> Result<
        [UInt8], Refusal
    > {
        var named = stat()
        let isPipe = stat(path, &named) == 0 && named.st_mode & S_IFMT == S_IFIFO
        let descriptor = open(path, pipes == .read && isPipe ? O_RDONLY : O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(systemReason()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(systemReason()) }
        let readablePipe = pipes == .read && status.st_mode & S_IFMT == S_IFIFO
        if !readablePipe, let kind = kindName(status.st_mode) {
            return .failure(Refusal(reason: "it is \(kind), not a regular file"))
        }
        if status.st_size > limit { return .failure(tooLarge(limit, what)) }
        // Back to blocking reads: a regular file never blocks, but NFS may report EAGAIN otherwise.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(readablePipe ? 65_536 : Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(systemReason())
            }
            if count == 0 { return .success(bytes) }
            bytes += chunk[0..<count]
        }
        return .failure(tooLarge(limit, what))
    }

    /// The refusal for anything at `path` that is not a regular file (nil for a regular file or
    /// when nothing is there: the caller's own open reports that). Uses `stat`, never `open`.
    public static func refusal(at path: String) -> Refusal? {
        var status = stat()
        guard stat(path, &status) == 0, let kind = kindName(status.st_mode) else { return nil }
        return Refusal(reason: "it is \(kind), not a regular file")
    }

    /// "a FIFO (named pipe)", "a character device", … for what is not a regular file; nil for one.
    static func kindName(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    private static func tooLarge(_ limit: Int, _ what: String) -> Refusal {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        return Refusal(reason: "it is larger than \(size), the limit for \(what)")
    }

    private static func systemReason() -> Refusal { Refusal(reason: String(cString: strerror(errno)).lowercased()) }
}
