// SPDX-License-Identifier: GPL-3.0-or-later

/// Loss from the carrier's own body, by carry position and the angle between the walking heading
/// and the direction to the beacon (rf.md §5; MODELLED by knife-edge diffraction, not measured).
///
/// The loss is `front` with the beacon ahead and `behind` with the torso between phone and beacon,
/// with a linear transition over ±60° around the side-on direction (rf.md §5: "0 dB with the beacon
/// in front, the knife-edge value with the beacon behind, smooth transition over ± 60°").
public struct BodyLossModel: Hashable, Sendable {
    /// Loss with the beacon straight ahead, dB.
    public var front: Double
    /// Loss with the beacon straight behind, dB.
    public var behind: Double
    /// Half-width of the transition around side-on (90°), degrees: 60 by default (rf.md §5);
    /// 0 makes a step at 90°.
    public var transition: Double

    public init(front: Double, behind: Double, transition: Double = 60) {
        self.front = front
        self.behind = behind
        self.transition = transition
    }

    /// Phone in hand held in front: 0 dB ahead — the measured-power convention is itself a phone
    /// held in hand facing the beacon (rf.md §7.2: Radius Networks, Exposure Notifications
    /// calibration), so a front loss would count the hand twice — and 8 dB with the torso between.
    /// The knife-edge figure, 12.9 dB (rf.md §5, MODELLED), is an open-space value; "indoors,
    /// reflections fill the shadow" (rf.md §5), and the UJI office survey bounds the front–back
    /// difference: its positions were visited twice walking in opposite directions, and the spread
    /// of the two visits' mean RSSI per beacon (σ 6.4 dB over 1268 pairs) allows at most ≈ 8 dB
    /// (a linear ±60° transition gives the difference a variance of 0.56·L²; docs/radio-model.md).
    public static let hand = BodyLossModel(front: 0, behind: 8)
    /// Front pocket: 4.5 dB facing the beacon (3–6 dB), 17 dB with the body between (knife-edge,
    /// phone 0.1 m from a 0.35 m torso; rf.md §5).
    public static let pocket = BodyLossModel(front: 4.5, behind: 17)
    /// Handbag or backpack: 7.5 dB (5–10 dB, rf.md §5, L) ahead, 12 dB behind (engineering
    /// judgement: bag loss plus partial torso shadow; no source).
    public static let bag = BodyLossModel(front: 7.5, behind: 12)
    /// No body in the path (stage switched off).
    public static let none = BodyLossModel(front: 0, behind: 0)

    /// Loss in dB for a beacon in direction `toBeacon` of a carrier facing `heading` (both need
    /// not be unit vectors; a zero vector counts as "ahead").
    @inlinable public func loss(heading: PlanPoint, toBeacon: PlanPoint) -> Double {
        // Without a transition, a beacon ahead (cos θ ≥ 0) is `front`: no lengths or angle needed.
        if transition <= 0, heading.dot(toBeacon) >= 0 { return front }
        let norms = heading.length * toBeacon.length
        guard norms > 0 else { return front }
        // cos θ: 1 ahead, −1 behind; the transition spans 90° ± `transition`, linear in the angle.
        let cosine = max(-1, min(1, heading.dot(toBeacon) / norms))
        guard transition > 0 else { return cosine < 0 ? behind : front }
        let degrees = acosDegrees(cosine)
        if degrees <= 90 - transition { return front }
        if degrees >= 90 + transition { return behind }
        return front + (behind - front) * (degrees - (90 - transition)) / (2 * transition)
    }

    /// The least loss anywhere on a straight walk along `heading` from where the beacon lies in
    /// direction `start` to where it lies in direction `end` (phone-to-beacon vectors), dB. Along a
    /// straight walk the angle to the beacon only grows, and the loss follows the angle one way,
    /// so the least is at an end (less 10⁻⁹ dB for rounding). Where the beacon lies side-on at an
    /// end (within 10⁻⁹ of the lengths), rounding could put a point between on the other side of
    /// the step, so the bound is then the smaller of `front` and `behind`.
    public func leastLoss(heading: PlanPoint, start: PlanPoint, end: PlanPoint) -> Double {
        let smallest = min(front, behind)
        for direction in [start, end] where abs(heading.dot(direction)) <= 1e-9 * heading.length * direction.length {
            return smallest
        }
        return max(smallest, min(loss(heading: heading, toBeacon: start), loss(heading: heading, toBeacon: end)) - 1e-9)
    }

    @usableFromInline func acosDegrees(_ cosine: Double) -> Double { _acos(cosine) * 180 / .pi }
}
