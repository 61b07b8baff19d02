// SPDX-License-Identifier: GPL-3.0-or-later
import AtomicWrites
import Foundation
import Testing

/// The one atomic writer: a reader sees no file or the whole one, a result is never replaced
/// (not even by a file that appears while it is written), and nothing is left behind.
@Suite("atomic file writer")
struct AtomicFileWriterTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("nothing at the destination until commit, then every byte (more than one 64 KiB chunk); no temporary file left")
    func commitMovesTheWholeFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("timeline.jsonl").path
        let writer = try AtomicFileWriter(path: path)
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try writer.write(Array(bytes[..<10]))
        try writer.write(Array(bytes[10..<100_000]))
        try writer.write(Array(bytes[100_000...]))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try Self.entries(folder).count == 1)
        #expect(try Self.entries(folder).allSatisfy { $0.hasPrefix(".timeline.jsonl.") && $0.hasSuffix(".tmp") })
        try writer.commit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        #expect(try Self.entries(folder) == ["timeline.jsonl"])
    }

    @Test("an existing destination is refused at the start, and one that appears before commit is kept")
    func neverReplaces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("metrics.json").path
        try Data("first".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try AtomicFileWriter(path: path)
        } throws: { error in
            if case .exists = error as? AtomicFileWriter.Failure { true } else { false }
        }
        let late = folder.appendingPathComponent("late.json").path
        let writer = try AtomicFileWriter(path: late)
        try writer.write(Array("second".utf8))
        try Data("appeared".utf8).write(to: URL(fileURLWithPath: late))
        #expect {
            try writer.commit()
        } throws: { error in
            if case .exists = error as? AtomicFileWriter.Failure { true } else { false }
        }
        #expect(try String(contentsOfFile: late, encoding: .utf8) == "appeared")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first")
        #expect(try Self.entries(folder) == ["late.json", "metrics.json"])
    }

    @Test("overwrite replaces a derived file (report.html)")
    func overwriteReplaces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("report.html").path
        try AtomicFileWriter.write(Array("old".utf8), to: path)
        try AtomicFileWriter.write(Array("new".utf8), to: path, overwrite: true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try Self.entries(folder) == ["report.html"])
    }

    @Test("a writer dropped without commit leaves nothing; a missing folder is refused")
    func droppedLeavesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let writer = try AtomicFileWriter(path: folder.appendingPathComponent("abandoned.bin").path)
            try writer.write([1, 2, 3])
        }
        #expect(try Self.entries(folder).isEmpty)
        #expect {
            _ = try AtomicFileWriter(path: folder.appendingPathComponent("missing/file").path)
        } throws: { error in
            if case .cannotCreateTemporary = error as? AtomicFileWriter.Failure { true } else { false }
        }
    }
}
