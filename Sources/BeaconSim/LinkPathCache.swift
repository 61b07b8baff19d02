// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// For one beacon→phone link, the wall-loss step function of the phone's current leg, rebuilt
/// only when the phone starts a new leg (see `WallLossProfile`).
struct LinkPathCache {
    private var leg = -1
    /// The (beacon floor, phone floor) pair the profile was built for; a leg between floors
    /// rebuilds it once, half-way.
    private var floorKey = -1
    private var cursor: WallLossProfile.Cursor?

    /// Summed wall loss, dB, for the phone at `sample` of `trajectory` and the beacon at `beacon`;
    /// `walls` are the walls for the floor pair `floorKey`.
    mutating func wallLoss(
        walls: WallIndex, floorKey: Int, beacon: PlanPoint, trajectory: Trajectory, sample: Trajectory.Sample
    ) -> Double {
        if sample.leg != leg || floorKey != self.floorKey || cursor == nil {
            self.floorKey = floorKey
            let legData = trajectory.legs[sample.leg]
            cursor = WallLossProfile.Cursor(WallLossProfile(walls: walls, beacon: beacon, from: legData.from, to: legData.to))
            leg = sample.leg
        }
        return cursor?.loss(at: sample.fraction) ?? walls.loss(from: beacon, to: sample.position)
    }
}
