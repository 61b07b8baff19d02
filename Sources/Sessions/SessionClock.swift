// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
public import SimulationCore

/// The time a session runs on: when it started (for the manifest and the folder name) and how
/// long it has run. Live sessions map this elapsed time onto simulated time; the others report it
/// as wall time. `WallSessionClock` is the real one; `ManualSessionClock` is the test double.
public protocol SessionClock: AnyObject {
    /// When the session started (wall-clock date).
    var startedAt: Date { get }
    /// Time since the session started.
    func elapsed() -> SimDuration
}

/// The machine's clocks: `Date()` at start, then the monotonic `ContinuousClock`.
public final class WallSessionClock: SessionClock {
    public let startedAt = Date()
    private let start = ContinuousClock.now

    public init() {}

    public func elapsed() -> SimDuration {
        let duration = ContinuousClock.now - start
        return .nanoseconds(duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }
}

/// A deterministic clock for tests (as swift-nio's `NIOEmbedded` is for channels): time moves only
/// when told, or by `step` each time it is read, so a live session runs the same way every time.
public final class ManualSessionClock: SessionClock {
    public let startedAt: Date
    /// Added to the time after each reading (zero: time moves only through `advance`).
    public var step: SimDuration
    private var now: SimDuration = .zero

    public init(startedAt: Date = Date(timeIntervalSince1970: 0), step: SimDuration = .zero) {
        self.startedAt = startedAt
        self.step = step
    }

    public func advance(by duration: SimDuration) { now = now + duration }

    public func elapsed() -> SimDuration {
        defer { now = now + step }
        return now
    }
}
