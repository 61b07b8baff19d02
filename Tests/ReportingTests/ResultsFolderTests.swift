// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import Reporting

/// Folders left unfinished by a killed process are removed by the next run beside them; nothing
/// else is touched.
@Suite("results folders")
struct ResultsFolderTests {
    static let host = ProcessInfo.processInfo.hostName

    /// A folder `name` under `parent` with a `.writing` marker of `owner` and optionally a manifest.
    static func folder(_ name: String, in parent: URL, owner: String?, manifest: Bool = false) throws -> URL {
        let folder = parent.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent(".timeline.jsonl.123.tmp"))
        if let owner { try Data((owner + "\n").utf8).write(to: folder.appendingPathComponent(".writing")) }
        if manifest { try Data("{}".utf8).write(to: folder.appendingPathComponent("manifest.json")) }
        return folder
    }

    /// A process id that is not running: a child that has exited and been reaped.
    static func deadProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("a new run folder removes the unfinished folders of this host whose marker no process holds locked, and only those")
    func cleanUp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        let parent = root.appendingPathComponent("s")
        let dead = try Self.deadProcess()
        let abandoned = try Self.folder("a", in: parent, owner: "\(Self.host) \(dead)")
        // A writer alive in another PID namespace: same host name, a pid that is not running here,
        // but it holds the marker's lock.
        let live = try Self.folder("b", in: parent, owner: "\(Self.host) \(dead)")
        let lock = open(live.appendingPathComponent(".writing").path, O_RDONLY)
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        defer { close(lock) }
        let elsewhere = try Self.folder("c", in: parent, owner: "other-host \(dead)")
        let finished = try Self.folder("d", in: parent, owner: "\(Self.host) \(dead)", manifest: true)
        let unmarked = try Self.folder("e", in: parent, owner: nil)
        let made = try ResultsStore(root: root).newRunDirectory(scenario: "s", label: "run")
        let exists = { (url: URL) in FileManager.default.fileExists(atPath: url.path) }
        #expect(!exists(abandoned))
        #expect(exists(live) && exists(elsewhere) && exists(unmarked))
        #expect(exists(finished) && !exists(finished.appendingPathComponent(".writing")))
        #expect(exists(made.appendingPathComponent(".writing")))
        #expect(!ResultsFolderMarker.isFinished(made))
        try ResultsStore(root: root).write("{}", to: "manifest.json", in: made)
        #expect(ResultsFolderMarker.isFinished(made) && !exists(made.appendingPathComponent(".writing")))
        #expect(throws: ResultsError.self) { try ResultsFolderMarker.requireFinished(live) }
    }
}
