// SPDX-License-Identifier: GPL-3.0-or-later

/// A point of the phone's walk: `{ position: [x, y], at: 30s, dwell: 10s }` or
/// `{ position: [x, y], speed: 1.2 }`.
///
/// The phone arrives at `position` at `at` (or, when `at` is absent, after walking straight from
/// the previous waypoint at `speed` m/s, default 1.2), stays `dwell`, then leaves for the next.
/// The first waypoint's `at` defaults to 0.
public struct WaypointSpec: Sendable, Equatable {
    public var position: Point2D
    /// The floor of this waypoint (default 0); a walk between floors changes floor half-way.
    public var floor: Int = 0
    /// Arrival time in nanoseconds, if given.
    public var at: Int64?
    /// Walking speed from the previous waypoint, m/s, if given.
    public var speed: Double?
    /// Time spent at the waypoint, nanoseconds (default 0).
    public var dwell: Int64
    public var location: SourceLocation

    public init(position: Point2D, at: Int64? = nil, speed: Double? = nil, dwell: Int64 = 0, location: SourceLocation = .unknown)
    {
        self.position = position
        self.at = at
        self.speed = speed
        self.dwell = dwell
        self.location = location
    }

    /// Default walking speed: 1.2 m/s (a typical indoor pedestrian; the benchmark walker).
    public static let defaultSpeed = 1.2
}
