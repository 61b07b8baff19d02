// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// Foundation's file errors (`CocoaError`, `POSIXError`, `NSError` of those domains) as one
/// sentence, `PATH: reason` — the operating system's reason (`strerror`) when Foundation carries
/// one — so that no raw `Error Domain=NSCocoaErrorDomain …` text ever reaches a user.
public enum FileErrorText {
    /// nil when `error` is not a Foundation file or POSIX error.
    public static func describe(_ error: any Error) -> String? {
        guard let reason = reason(of: error) else { return nil }
        return (path(of: error as NSError).map { "\($0): " } ?? "") + reason
    }

    /// Only the reason (`permission denied`); nil when `error` is not a Foundation file or POSIX error.
    /// `path` helps when Foundation gives no reason: the first ancestor that is a file, or one that
    /// cannot be written, is named.
    public static func reason(of error: any Error, path: String? = nil) -> String? {
        let ns = error as NSError
        guard error is CocoaError || error is POSIXError || ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain
        else { return nil }
        return reason(ns, path: path ?? Self.path(of: ns))
    }

    static func path(of error: NSError) -> String? {
        (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
    }

    /// The operating system's reason, else what the file system shows, else the Cocoa code.
    static func reason(_ error: NSError, path: String?) -> String {
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if let path, let found = obstacle(on: path) { return found }
        let code = CocoaError.Code(rawValue: error.code)
        if [.fileReadUnknown, .fileWriteUnknown].contains(code), let path, isDirectory(path) { return "it is a directory" }
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on device"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileWriteFileExists: return "file exists"
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "not readable as text"
        default: return "cannot be read or written (Foundation error \(error.code))"
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Why `path` cannot be created: an ancestor that is not a directory, or the nearest existing
    /// ancestor not writable.
    static func obstacle(on path: String) -> String? {
        var ancestor = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
            let parent = ancestor.deletingLastPathComponent()
            if parent.path == ancestor.path { return nil }
            ancestor = parent
        }
        if ancestor.path == URL(fileURLWithPath: path).standardizedFileURL.path { return nil }
        if !isDirectory.boolValue { return "\(ancestor.path) is not a directory" }
        if !FileManager.default.isWritableFile(atPath: ancestor.path) { return "permission denied in \(ancestor.path)" }
        return nil
    }
}
