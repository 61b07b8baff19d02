// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import ScenarioFormat
internal import Synchronization

/// The `.writing` marker of a results folder being written, and the clean-up of folders whose
/// writer died (see `ResultsStore`).
public enum ResultsFolderMarker {
    /// The file whose presence makes a folder finished.
    public static let manifestName = "manifest.json"
    static let markerName = ".writing"

    /// Whether `directory` is a finished results folder (has its manifest).
    public static func isFinished(_ directory: URL) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(manifestName).path)
    }

    /// Throws `ResultsError` unless `directory` is a finished results folder.
    public static func requireFinished(_ directory: URL) throws {
        guard !isFinished(directory) else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw ResultsError(path: directory.path, message: "not a results folder (no such folder)") }
        throw ResultsError(
            path: directory.path,
            message: "not a finished results folder: it has no manifest.json (the run that made it was stopped "
                + "before it finished, or it is not a BeaconSim folder)")
    }

    /// Writes the marker (`host pid`, for people) and holds an exclusive `flock` on it until
    /// `unmark`: the lock, not the pid, says the writer is alive — a pid means nothing in another
    /// PID namespace (a container) or on another machine of the same host name, while a lock on
    /// the shared file is seen by every process that can see the folder.
    static func mark(_ directory: URL) {
        let path = directory.appendingPathComponent(markerName).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return
        }
        held.withLock { $0[path] = descriptor }
        let text = "\(ProcessInfo.processInfo.hostName) \(ProcessInfo.processInfo.processIdentifier)\n"
        _ = text.withCString { write(descriptor, $0, strlen($0)) }
    }

    static func unmark(_ directory: URL) {
        let path = directory.appendingPathComponent(markerName).path
        try? FileManager.default.removeItem(atPath: path)
        if let descriptor = held.withLock({ $0.removeValue(forKey: path) }) { close(descriptor) }
    }

    /// The markers this process holds locked, by path, with their descriptors.
    private static let held = Mutex<[String: Int32]>([:])

    /// Removes every unfinished folder in `parent` whose marker names this host and whose lock no
    /// process holds (its writer died: `kill -9`, a power cut); a finished one only loses its stale
    /// marker. Folders of other hosts (a shared file system whose locks may not reach them) and
    /// folders whose marker is locked — a writer alive in this process, another process, another
    /// PID namespace — are left alone.
    static func removeAbandoned(in parent: URL) {
        let manager = FileManager.default
        let host = ProcessInfo.processInfo.hostName
        guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            let folder = parent.appendingPathComponent(name, isDirectory: true)
            let marker = folder.appendingPathComponent(markerName).path
            guard RegularFile.refusal(at: marker) == nil,
                let text = try? String(contentsOfFile: marker, encoding: .utf8),
                text.split(whereSeparator: \.isWhitespace).first.map(String.init) == host, !isLocked(marker)
            else { continue }
            if isFinished(folder) { unmark(folder) } else { try? manager.removeItem(at: folder) }
        }
    }

    /// Whether some process holds the marker's lock (taking it, when free, and letting it go).
    private static func isLocked(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0
    }
}
