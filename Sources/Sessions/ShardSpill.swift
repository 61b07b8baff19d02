// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Reporting

/// One phone shard's lines of a results file (timeline.jsonl or track.jsonl), each with the key
/// that places it in the merged file, kept in a hidden scratch file in the results folder until
/// the shards are merged (`ShardMerge`). The file is removed when the spill is dropped, merged or
/// not, so a failed run leaves none behind.
///
/// An entry is the line's key — time (ns, Int64) and rank (Int32: the phone's place in the
/// scenario, −1 for the world's own records) — its length (UInt32) and its bytes with the
/// newline, little-endian, written out in chunks of 1 MiB.
final class ShardSpill {
    /// Where a line goes in the merged file: by time, then rank; lines with equal keys keep the
    /// order they were written in (one phone's records of one instant).
    struct Key: Comparable {
        var time: Int64
        var rank: Int32

        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.time, lhs.rank) < (rhs.time, rhs.rank) }
    }

    let url: URL
    private let handle: FileHandle
    private var buffer = JSONBytes(capacity: ShardSpill.chunk + 4096)
    /// The line being formatted (its length goes before it).
    private var line = JSONBytes(capacity: 4096)
    /// The first write error, thrown by `finish()`.
    private var failure: (any Error)?
    static let chunk = 1 << 20
    static let headerSize = 16

    /// A new scratch file `name` in `directory` (hidden: its name starts with a dot).
    init(in directory: URL, name: String) throws {
        url = directory.appendingPathComponent(".\(name).spill")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw ResultsError(path: url.path, message: "cannot create a scratch file for a phone shard")
        }
        do { handle = try FileHandle(forWritingTo: url) } catch {
            try? FileManager.default.removeItem(at: url)
            throw ResultsError(path: url.path, cause: error)
        }
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }

    /// Appends the line `body` writes (with its newline) under `key`.
    func append(_ key: Key, _ body: (inout JSONBytes) -> Void) {
        line.removeAll()
        body(&line)
        Self.put(key.time, into: &buffer)
        Self.put(Int64(key.rank) & 0xFFFF_FFFF | Int64(line.count) << 32, into: &buffer)
        buffer.append(line)
        if buffer.count >= Self.chunk { flush() }
    }

    /// Writes what is buffered; throws the first write error.
    func finish() throws {
        flush()
        if let failure { throw failure }
    }

    private func flush() {
        defer { buffer.removeAll() }
        guard failure == nil, !buffer.isEmpty else { return }
        do { try handle.write(contentsOf: Data(buffer.bytes)) } catch {
            failure = ResultsError(path: url.path, cause: error)
        }
    }

    private static func put(_ value: Int64, into out: inout JSONBytes) {
        for shift in stride(from: 0, to: 64, by: 8) { out.byte(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    /// The little-endian Int64 at `offset` of `bytes`.
    static func int64(in bytes: [UInt8], at offset: Int) -> Int64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * index) }
        return Int64(bitPattern: value)
    }

    /// Reads a finished spill's entries in order, a chunk at a time (memory stays flat).
    final class Reader {
        private let handle: FileHandle
        private let path: String
        private var data: [UInt8] = []
        private var offset = 0
        private var exhausted = false
        /// The current entry's key (nil when the file is done) and its bytes' range in `data`.
        private(set) var key: Key?
        private var body = 0..<0

        init(_ spill: ShardSpill) throws {
            path = spill.url.path
            do { handle = try FileHandle(forReadingFrom: spill.url) } catch { throw ResultsError(path: path, cause: error) }
            try advance()
        }

        deinit { try? handle.close() }

        /// The current entry's bytes (a slice of the chunk read).
        var line: ArraySlice<UInt8> { data[body] }

        /// Moves to the next entry.
        func advance() throws {
            guard try available(ShardSpill.headerSize) else {
                if offset != data.count {
                    throw ResultsError(path: path, message: "a phone shard's scratch file ends inside an entry")
                }
                key = nil
                return
            }
            let (time, packed) = (ShardSpill.int64(in: data, at: offset), ShardSpill.int64(in: data, at: offset + 8))
            let length = Int(packed >> 32)
            guard try available(ShardSpill.headerSize + length) else {
                throw ResultsError(path: path, message: "a phone shard's scratch file ends inside an entry")
            }
            key = Key(time: time, rank: Int32(truncatingIfNeeded: packed))
            body = (offset + ShardSpill.headerSize)..<(offset + ShardSpill.headerSize + length)
            offset = body.upperBound
        }

        /// Whether `count` bytes from `offset` are in `data`, reading on when they are not.
        private func available(_ count: Int) throws -> Bool {
            while data.count - offset < count {
                if exhausted { return false }
                let more: Data?
                do { more = try handle.read(upToCount: ShardSpill.chunk) } catch { throw ResultsError(path: path, cause: error) }
                guard let more, !more.isEmpty else {
                    exhausted = true
                    continue
                }
                data = Array(data[offset...]) + Array(more)  // keep only what is not read yet
                body = 0..<0
                offset = 0
            }
            return true
        }
    }
}
