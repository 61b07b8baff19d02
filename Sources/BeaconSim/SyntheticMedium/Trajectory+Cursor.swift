// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

extension Trajectory {
    /// A forward-only reader of the trajectory for increasing query times: O(1) amortised. The
    /// current leg is kept in the cursor, so a query within it reads no array.
    struct Cursor: Sendable {
        private let trajectory: Trajectory
        private var index = 0
        /// The leg of the last sample.
        private(set) var leg: Leg
        /// Start of the next leg (`Int64.max` after the last).
        private var nextStart: Int64

        init(_ trajectory: Trajectory) {
            self.trajectory = trajectory
            leg = trajectory.legs[0]
            nextStart = trajectory.legs.count > 1 ? trajectory.legs[1].start : .max
        }

        /// Moves to the leg holding `time` (from the first leg when `time` is earlier than the
        /// previous query).
        @inline(never) private mutating func seek(_ time: Int64) {
            let legs = trajectory.legs
            if time < legs[index].start { index = 0 }
            while index + 1 < legs.count, legs[index + 1].start <= time { index += 1 }
            leg = legs[index]
            nextStart = index + 1 < legs.count ? legs[index + 1].start : .max
        }

        /// Leg, fraction, position, heading and speed at `time` nanoseconds. Inlined into the
        /// per-link loop, which asks it once per link and advertising event; the leg search
        /// stays out of line.
        @inline(__always) mutating func sample(at time: Int64) -> Sample {
            if time >= nextStart || time < leg.start { seek(time) }
            guard leg.speed > 0, leg.end > leg.start else {
                // A dwell, or a lift ride (no plan distance): floor changes half-way in time.
                let floor =
                    leg.floor == leg.endFloor || (leg.end > leg.start && 2 * (time - leg.start) < leg.end - leg.start)
                    ? leg.floor : leg.endFloor
                return Sample(leg: index, fraction: 0, position: leg.to, heading: leg.heading, speed: 0, floor: floor)
            }
            let fraction = min(1, max(0, Double(time - leg.start) / Double(leg.end - leg.start)))
            return Sample(
                leg: index, fraction: fraction, position: leg.from + (leg.to - leg.from) * fraction,
                heading: leg.heading, speed: leg.speed, floor: fraction < 0.5 ? leg.floor : leg.endFloor)
        }
    }
}
