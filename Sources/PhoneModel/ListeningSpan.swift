// SPDX-License-Identifier: GPL-3.0-or-later

/// A stretch of time over which a `ListeningSchedule` does not change its mind: the radio listens
/// throughout [`from`, `until`) or not at all. The link table keeps one per phone, so most
/// "does it listen now?" questions of an advertising event are two comparisons, not the
/// schedule's divisions.
public struct ListeningSpan: Hashable, Sendable {
    public var listening: Bool
    /// Nanoseconds; `from` inclusive, `until` exclusive (`Int64.max`: for good).
    public var from: Int64
    public var until: Int64

    public init(listening: Bool, from: Int64, until: Int64) {
        self.listening = listening
        self.from = from
        self.until = until
    }

    /// A span that contains no instant (forces the first look-up).
    public static let none = ListeningSpan(listening: false, from: .max, until: .min)

    /// Whether `time` (ns) lies in the span.
    @inlinable public func contains(_ time: Int64) -> Bool { time >= from && time < until }
}
