// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation

/// Creates result folders `ROOT/<scenario>/<run-id>/` that never replace an earlier one, and
/// writes files into them atomically (temporary file, then rename).
///
/// A folder is finished once its `manifest.json` is written, always last. Until then it holds a
/// `.writing` marker naming the host, locked (`flock`) by the writing process; a folder left
/// unfinished by a killed process (`kill -9`, a power cut: the lock is gone) is removed the next
/// time a run is made beside it on that host, and
/// readers (`merge`, `report`, `compare`) refuse a folder without a manifest.
public struct ResultsStore: Sendable {
    public let root: URL

    public init(root: URL) { self.root = root }

    /// A new, empty folder for a run. The id is `<UTC date-time>-<label>`, with `-2`, `-3`, …
    /// appended if that folder exists: the folder is claimed by creating it, so two processes
    /// never share one.
    public func newRunDirectory(scenario: String, label: String, now: Date = Date()) throws -> URL {
        // A name longer than NAME_MAX (255 bytes) cannot be a folder: say so, not errno's ENAMETOOLONG.
        let name = Self.safeName(scenario)
        guard name.utf8.count <= 255, label.utf8.count <= 200 else {
            throw ResultsError(
                path: root.path,
                message: "the results folder name '\(name.prefix(40))…' is longer than a file name may be (255 bytes); "
                    + "shorten the scenario's name")
        }
        let parent = root.appendingPathComponent(name, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw ResultsError(path: parent.path, cause: error)
        }
        ResultsFolderMarker.removeAbandoned(in: parent)
        let stamp = Self.timestamp(now)
        for attempt in 1...10_000 {
            let name = attempt == 1 ? "\(stamp)-\(label)" : "\(stamp)-\(label)-\(attempt)"
            let candidate = parent.appendingPathComponent(name, isDirectory: true)
            if mkdir(candidate.path, 0o755) == 0 {
                ResultsFolderMarker.mark(candidate)
                return candidate
            }
            if errno != EEXIST { throw ResultsError(path: candidate.path, message: String(cString: strerror(errno))) }
        }
        throw ResultsError(path: parent.path, message: "no free run folder name")
    }

    /// Writes `text` to `name` inside `directory` atomically; refuses to replace an existing file.
    public func write(_ text: String, to name: String, in directory: URL) throws {
        try writeFile(name, in: directory) { $0.append(text) }
    }

    /// Writes text already encoded as UTF-8 `bytes` to `name`, as `write(_:to:in:)`.
    public func write(bytes: [UInt8], to name: String, in directory: URL) throws {
        try writeFile(name, in: directory) { $0.write { $0.append(bytes: bytes) } }
    }

    /// Writes what `body` formats into the file's byte buffer to `name`, as `write(_:to:in:)`
    /// (a large JSON file without a `String` in between).
    public func write(to name: String, in directory: URL, formatting body: (inout JSONBytes) -> Void) throws {
        try writeFile(name, in: directory) { $0.write(body) }
    }

    /// Writes what `body` appends to the file to `name`, as `write(_:to:in:)`: a file too large to
    /// format in one buffer is written piece by piece (`ResultFile.write(_:)`, out in chunks).
    public func write(to name: String, in directory: URL, streaming body: (ResultFile) -> Void) throws {
        try writeFile(name, in: directory, body)
    }

    private func writeFile(_ name: String, in directory: URL, _ body: (ResultFile) -> Void) throws {
        let file = try ResultFile(name, in: directory)
        body(file)
        try file.commit()
        if name == ResultsFolderMarker.manifestName { ResultsFolderMarker.unmark(directory) }
    }

    /// The folder name a scenario's results go under (`OUT/<name>/`).
    public static func safeDirectoryName(_ name: String) -> String { safeName(name) }

    static func safeName(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let cleaned = String(name.map { allowed.contains($0) ? $0 : "_" })
        return cleaned.isEmpty || cleaned.hasPrefix(".") ? "scenario" + cleaned : cleaned
    }

    /// `20261127-071500`, UTC: the time in results folders' names.
    public static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }
}
