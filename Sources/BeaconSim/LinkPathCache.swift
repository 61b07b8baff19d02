// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// For one beacon→phone link, the wall-loss step function of the phone's current leg, rebuilt
/// only when the phone starts a new leg (see `WallLossProfile`).
struct LinkPathCache {
    private var leg = -1
    private var cursor: WallLossProfile.Cursor?

    /// Summed wall loss, dB, for the phone at `sample` of `trajectory` and the beacon at `beacon`.
    mutating func wallLoss(walls: WallIndex, beacon: PlanPoint, trajectory: Trajectory, sample: Trajectory.Sample) -> Double {
        if sample.leg != leg || cursor == nil {
            let legData = trajectory.legs[sample.leg]
            cursor = WallLossProfile.Cursor(WallLossProfile(walls: walls, beacon: beacon, from: legData.from, to: legData.to))
            leg = sample.leg
        }
        return cursor?.loss(at: sample.fraction) ?? walls.loss(from: beacon, to: sample.position)
    }
}
