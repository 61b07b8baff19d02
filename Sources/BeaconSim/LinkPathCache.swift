// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// For one beacon→phone link, the wall-loss step function of the phone's current leg, rebuilt
/// only when the phone starts a new leg or changes floor (see `WallLossProfile`), and while the
/// phone stands still on that leg (a dwell) the link's mean power there, computed once.
struct LinkPathCache {
    /// The leg the profile was built for (−1: none yet; the cursor is set whenever this is).
    private var leg = -1
    /// The (beacon floor, phone floor) pair the profile was built for; a leg between floors
    /// rebuilds it once, half-way.
    private var floorKey = -1
    private var cursor: WallLossProfile.Cursor?
    /// The mean power at the leg's one position when the leg is a dwell (nil until computed, and
    /// after every rebuild): the same position, heading and floor give the same figure.
    private var dwellMean: (dBm: Double, lineOfSight: Bool)?
    /// Before this instant (ns) the fast loop does not try again to show the link quiet
    /// (`LinkTable.quietRetryGap` after an attempt that failed; reset on a new leg). A matter of
    /// cost only: an unskipped link is evaluated in full.
    var quietRetry: Int64 = .min

    /// Summed wall loss, dB, at `sample` for the floor pair `floorKey`; first rebuilds the profile
    /// with `profile` when the phone is on another leg or floor pair (so the wall index is fetched,
    /// and its arrays retained, only then). Mutating, so the cache is used in place, never copied.
    mutating func wallLoss(at sample: Trajectory.Sample, floorKey: Int, profile: () -> WallLossProfile) -> Double {
        if isStale(at: sample, floorKey: floorKey) { rebuild(profile(), leg: sample.leg, floorKey: floorKey) }
        return cursor?.loss(at: sample.fraction) ?? 0
    }

    /// The link's mean power at `sample`: `compute(wallLoss)` with the wall loss of
    /// `wallLoss(at:floorKey:profile:)`, or, when the phone stands still (speed 0) and `reusable`
    /// (nothing else in the figure moves: no bystanders), the figure already computed on this
    /// dwell.
    mutating func meanPower(
        at sample: Trajectory.Sample, floorKey: Int, reusable: Bool, profile: () -> WallLossProfile,
        compute: (Double) -> (dBm: Double, lineOfSight: Bool)
    ) -> (dBm: Double, lineOfSight: Bool) {
        let dwell = reusable && sample.speed == 0
        if isStale(at: sample, floorKey: floorKey) {
            rebuild(profile(), leg: sample.leg, floorKey: floorKey)
        } else if dwell, let dwellMean {
            return dwellMean
        }
        let mean = compute(cursor?.loss(at: sample.fraction) ?? 0)
        if dwell { dwellMean = mean }
        return mean
    }

    /// Whether `wallLoss(at:floorKey:profile:)` would have to build a profile first. Mutating for
    /// the same reason: called on an array element, it reads the cache in place instead of copying
    /// it (and retaining its profile).
    mutating func isStale(at sample: Trajectory.Sample, floorKey: Int) -> Bool {
        sample.leg != leg || floorKey != self.floorKey  // no profile yet: leg is −1, never a sample's
    }

    /// The smallest summed wall loss on the current leg between fractions `s0` and `s1`, dB.
    /// Mutating although it changes nothing, as `isStale`: it reads the cursor in place.
    mutating func minimumWallLoss(from s0: Double, to s1: Double) -> Double {
        cursor?.minimumLoss(from: s0, to: s1) ?? 0
    }

    /// The profile of a new leg or floor pair: what held on the last one is forgotten.
    private mutating func rebuild(_ profile: WallLossProfile, leg: Int, floorKey: Int) {
        cursor = WallLossProfile.Cursor(profile)
        self.leg = leg
        self.floorKey = floorKey
        dwellMean = nil
        quietRetry = .min
    }
}
