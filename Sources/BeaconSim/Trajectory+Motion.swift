// SPDX-License-Identifier: GPL-3.0-or-later

extension Trajectory {
    /// Whether the walk moves at t = 0, and the instants (nanoseconds) at which it starts or stops
    /// moving after that: a leg with speed is motion; dwells, pauses and the rest after the last
    /// waypoint are stillness (a lift ride, which covers no plan distance, counts as still).
    public func motionChanges() -> (initial: Bool, changes: [(time: Int64, moving: Bool)]) {
        let initial = legs.first.map { $0.speed > 0 && $0.start == 0 } ?? false
        var moving = initial
        var changes: [(time: Int64, moving: Bool)] = []
        for leg in legs where leg.end > leg.start {
            let legMoves = leg.speed > 0
            if legMoves != moving {
                changes.append((leg.start, legMoves))
                moving = legMoves
            }
        }
        return (initial, changes)
    }
}
