// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The one request to stop, owned by the executable (which raises it from its signal handler) and
/// passed down to whatever runs: `Replications.jobs` launches no more jobs once it is requested, a
/// `World` given the flag returns early once it is raised (checked every few thousand events), a
/// replay stops reading its capture, and the live sessions leave their loops.
///
/// Two levels: `finishRunning` (a first Ctrl-C: launch nothing new, let the running replications
/// finish) and `now` (SIGTERM, or a second Ctrl-C: return at once and write what finished). The
/// flag also carries the exit status the request asks for (130 after Ctrl-C, 143 after SIGTERM).
public final class StopFlag: @unchecked Sendable {
    /// How urgent the request is; it only ever rises.
    public enum Level: Int, Comparable, Sendable {
        case none, finishRunning, now
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private let lock = NSLock()
    private var current = Level.none
    private var status: Int32?

    public init() {}

    /// Raises the request to at least `level`; `exitStatus` (130, 143) is kept, SIGTERM's 143 winning.
    public func request(_ level: Level, exitStatus: Int32? = nil) {
        lock.lock()
        current = max(current, level)
        if let exitStatus, status != 143 { status = exitStatus }
        lock.unlock()
    }

    /// Asks every world holding the flag to stop at once.
    public func raise() { request(.now) }

    /// The level asked for so far.
    public var level: Level {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// True once running work must return at once (`now`).
    public var isRaised: Bool { level == .now }

    /// True once any stop was asked for: start no new work.
    public var isRequested: Bool { level != .none }

    /// The exit status the request asks for (130 Ctrl-C, 143 SIGTERM); nil when none was given.
    public var exitStatus: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// Thrown by a job whose world stopped early; `Replications.jobs` counts it as not run, and a
    /// command that catches it exits with the flag's `exitStatus`.
    public struct Stopped: Error {
        public init() {}
    }
}
