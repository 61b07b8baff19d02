// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// A request, raised from any thread (a signal handler's queue), that running replications stop
/// at once: a `World` given the flag checks it every few thousand events and returns early, and
/// `Replications.jobs` then drops that replication and launches no more. Used for SIGTERM and a
/// second Ctrl-C, when the finished replications must be written before the scheduler kills us.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    public init() {}

    /// Asks every world holding the flag to stop.
    public func raise() {
        lock.lock()
        raised = true
        lock.unlock()
    }

    public var isRaised: Bool {
        lock.lock()
        defer { lock.unlock() }
        return raised
    }

    /// Thrown by a job whose world stopped early; `Replications.jobs` counts it as not run.
    public struct Stopped: Error {
        public init() {}
    }
}
