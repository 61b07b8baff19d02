// SPDX-License-Identifier: GPL-3.0-or-later
internal import RadioPropagation

/// For one beacon→phone link, the wall-loss step function of the phone's current leg, rebuilt
/// only when the phone starts a new leg or changes floor (see `WallLossProfile`), and while the
/// phone stands still on that leg (a dwell) the link's mean power there, computed once. The table
/// asks in this order (`LinkTable.meanPower`): `keptMean`; else, if `isStale`, `rebuild`; then
/// `wallLoss(at:)` for the model's figure, which it hands back to `keep`.
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
    /// The stretch of the leg the last attempt to show the link quiet looked at
    /// (`LinkTable.quietUntil`): a bound on the mean power of every event on it, dBm (its best
    /// case), and the instant the phone leaves it, ns (`.min`: none; forgotten on a new leg). Until
    /// then the link's draws are read ahead against the bound without computing it again.
    private var stretchBound = 0.0
    private var stretchEnd: Int64 = .min

    /// The mean power already computed for `sample`: the dwell's, when the profile is current
    /// (same leg and floor pair), the phone stands still (speed 0) and `reusable` (nothing else
    /// in the figure moves: no bystanders); nil when it must be computed. Mutating, as `isStale`.
    mutating func keptMean(at sample: Trajectory.Sample, floorKey: Int, reusable: Bool) -> (dBm: Double, lineOfSight: Bool)? {
        guard Self.isDwell(sample, reusable: reusable), !isStale(at: sample, floorKey: floorKey) else { return nil }
        return dwellMean
    }

    /// Keeps `mean`, just computed at `sample`, when it is a dwell's (`keptMean`).
    mutating func keep(_ mean: (dBm: Double, lineOfSight: Bool), at sample: Trajectory.Sample, reusable: Bool) {
        if Self.isDwell(sample, reusable: reusable) { dwellMean = mean }
    }

    /// Whether a mean power computed at `sample` holds for the rest of the leg: the phone stands
    /// still and nothing else in the figure moves (`reusable`: no bystanders).
    private static func isDwell(_ sample: Trajectory.Sample, reusable: Bool) -> Bool { reusable && sample.speed == 0 }

    /// Summed wall loss, dB, at leg fraction `fraction` of the current profile (0 without one).
    mutating func wallLoss(at fraction: Double) -> Double { cursor?.loss(at: fraction) ?? 0 }

    /// Whether the profile must be rebuilt for `sample` on the floor pair `floorKey`: the phone is
    /// on another leg or floor pair. Mutating although it changes nothing: called on an array
    /// element, it reads the cache in place instead of copying it (and retaining its profile).
    mutating func isStale(at sample: Trajectory.Sample, floorKey: Int) -> Bool {
        sample.leg != leg || floorKey != self.floorKey  // no profile yet: leg is −1, never a sample's
    }

    /// The smallest summed wall loss on the current leg between fractions `s0` and `s1`, dB.
    /// Mutating although it changes nothing, as `isStale`: it reads the cursor in place.
    mutating func minimumWallLoss(from s0: Double, to s1: Double) -> Double {
        cursor?.minimumLoss(from: s0, to: s1) ?? 0
    }

    /// Keeps `bound`, the best case of the link's mean power on the current leg until `end` (ns).
    mutating func keepStretch(bound: Double, until end: Int64) { (stretchBound, stretchEnd) = (bound, end) }

    /// The kept bound on the mean power of the events from `now` (ns) on and the end of its
    /// stretch, or nil when the phone has left the stretch (or none was kept on this leg).
    mutating func stretch(at now: Int64) -> (bound: Double, end: Int64)? {
        now < stretchEnd ? (stretchBound, stretchEnd) : nil
    }

    /// The profile of a new leg or floor pair: what held on the last one is forgotten.
    mutating func rebuild(_ profile: WallLossProfile, leg: Int, floorKey: Int) {
        cursor = WallLossProfile.Cursor(profile)
        self.leg = leg
        self.floorKey = floorKey
        dwellMean = nil
        quietRetry = .min
        stretchEnd = .min
    }
}
