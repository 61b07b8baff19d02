// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

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

    /// Writes the marker: `host pid`.
    static func mark(_ directory: URL) {
        let text = "\(ProcessInfo.processInfo.hostName) \(ProcessInfo.processInfo.processIdentifier)\n"
        try? Data(text.utf8).write(to: directory.appendingPathComponent(markerName))
    }

    static func unmark(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(markerName))
    }

    /// Removes every unfinished folder in `parent` whose marker names this host and a process that
    /// no longer exists (a finished one only loses its stale marker). Folders of live processes and
    /// of other hosts (a shared file system) are left alone.
    static func removeAbandoned(in parent: URL) {
        let manager = FileManager.default
        let host = ProcessInfo.processInfo.hostName
        guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return }
        for name in names {
            let folder = parent.appendingPathComponent(name, isDirectory: true)
            guard let text = try? String(contentsOf: folder.appendingPathComponent(markerName), encoding: .utf8)
            else { continue }
            let fields = text.split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, fields[0] == host, let pid = Int32(fields[1]), !isAlive(pid) else { continue }
            if isFinished(folder) { unmark(folder) } else { try? manager.removeItem(at: folder) }
        }
    }

    /// Whether process `pid` exists on this host (a process of another user counts as alive).
    private static func isAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
