// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The operating system's reason in a Foundation I/O error (`strerror` of its POSIX code, as the
/// readers' other messages give it), never the raw `Error Domain=…` text.
enum _IOReason {
    static func of(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))).lowercased() }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        return "input/output error (Foundation code \(ns.code))"
    }
}
