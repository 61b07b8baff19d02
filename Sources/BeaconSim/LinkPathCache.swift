// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// For one beacon→phone link, the wall-loss step function of the phone's current leg, rebuilt
/// only when the phone starts a new leg or changes floor (see `WallLossProfile`).
struct LinkPathCache {
    private var leg = -1
    /// The (beacon floor, phone floor) pair the profile was built for; a leg between floors
    /// rebuilds it once, half-way.
    private var floorKey = -1
    private var cursor: WallLossProfile.Cursor?

    /// Whether the profile must be rebuilt for `sample` and the floor pair `floorKey`. Asked
    /// first, so the caller fetches the wall index only then (no copy of it, and no retain of its
    /// arrays, on every event).
    func isStale(for sample: Trajectory.Sample, floorKey: Int) -> Bool {
        sample.leg != leg || floorKey != self.floorKey || cursor == nil
    }

    /// Builds the profile of `walls` (the walls for the floor pair `floorKey`) for `sample`'s leg.
    mutating func rebuild(walls: WallIndex, floorKey: Int, beacon: PlanPoint, trajectory: Trajectory, sample: Trajectory.Sample) {
        self.floorKey = floorKey
        let legData = trajectory.legs[sample.leg]
        cursor = WallLossProfile.Cursor(WallLossProfile(walls: walls, beacon: beacon, from: legData.from, to: legData.to))
        leg = sample.leg
    }

    /// Summed wall loss, dB, at `sample` (after `rebuild` when stale).
    mutating func wallLoss(at sample: Trajectory.Sample) -> Double { cursor?.loss(at: sample.fraction) ?? 0 }
}
