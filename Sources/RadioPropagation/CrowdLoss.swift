// SPDX-License-Identifier: GPL-3.0-or-later

/// Loss from bystanders in crowded zones (rf.md §5; MODELLED, not measured).
///
/// The expected number of bodies in the first Fresnel zone of a link of plan length L is the zone
/// density times the area of the zone's part of the Fresnel strip, whose half-width at distance s
/// from one end is r₁(s) = √(λ·s·(L − s)/L):
///
///     N̄ = Σ_zones ρ · ∫_inside 2·r₁(s) ds,   ∫₀ᴸ 2·r₁ ds = (π/4)·√λ·L^{3/2}  (8.7 m² for L = 10 m)
///
/// Each body costs the two-edge knife-edge loss of a `bodyWidth` screen at mid-path (rf.md §5:
/// 7.9 dB for a 0.45 m person mid-path of a 10 m link), the losses add in dB and the total is
/// capped at `cap` (rf.md §5: "cap at ~20–25 dB (L)"; reflections fill the shadow).
public struct CrowdLoss: Sendable {
    public let zones: [CrowdZone]
    /// Torso width of a bystander, metres (0.45 m, rf.md §5 table).
    public var bodyWidth: Double = 0.45
    /// Cap on the summed bystander loss, dB (20 dB, the low end of rf.md §5's 20–25 dB).
    public var cap: Double = 20

    public init(zones: [CrowdZone], cap: Double = 20) {
        self.zones = zones
        self.cap = cap
    }

    @inlinable public var isEmpty: Bool { zones.isEmpty }

    /// Expected number of bystanders in the first Fresnel zone of p→q, counting zones on
    /// either end's floor.
    public func expectedBodies(from p: PlanPoint, to q: PlanPoint, floors: (Int, Int) = (0, 0)) -> Double {
        let length = (q - p).length
        guard length > 0 else { return 0 }
        let scale = 2 * (RadioConfiguration.wavelength / length).squareRoot()
        var bodies = 0.0
        // By index, reading each zone in place: `for zone in zones` would copy each zone, polygon
        // and all, per zone and link.
        for index in zones.indices where zones[index].floor == floors.0 || zones[index].floor == floors.1 {
            let density = zones[index].density
            zones[index].area.forEachInsideInterval(from: p, to: q) { t0, t1 in
                bodies += density * scale * (Self.strip(t1 * length, length) - Self.strip(t0 * length, length))
            }
        }
        return bodies
    }

    /// Expected bystander loss on p→q, dB, and the expected number of bodies.
    public func loss(from p: PlanPoint, to q: PlanPoint, floors: (Int, Int) = (0, 0)) -> (dB: Double, bodies: Double) {
        let bodies = expectedBodies(from: p, to: q, floors: floors)
        guard bodies > 0 else { return (0, 0) }
        let half = (q - p).length / 2
        let perBody = KnifeEdge.bodyLoss(width: bodyWidth, d1: half, d2: half, wavelength: RadioConfiguration.wavelength)
        return (min(bodies * perBody, cap), bodies)
    }

    /// Loss from people at known positions (moving bystanders), dB, uncapped: each body on either
    /// end's floor whose centre lies within r₁(s) + w/2 of the line p→q, between the ends, costs
    /// `KnifeEdge.bodyLoss(width:offset:d1:d2:)` at its own distances and offset.
    public func movingLoss(from p: PlanPoint, to q: PlanPoint, floors: (Int, Int), people: [BodyPosition]) -> Double {
        let line = q - p
        let length = line.length
        guard length > 0 else { return 0 }
        let wavelength = RadioConfiguration.wavelength
        var total = 0.0
        for person in people where person.floor == floors.0 || person.floor == floors.1 {
            let offsetVector = person.point - p
            let s = offsetVector.dot(line) / length
            guard s > 0, s < length else { continue }
            let offset = abs(offsetVector.cross(line)) / length
            let radius = (wavelength * s * (length - s) / length).squareRoot()
            guard offset < radius + bodyWidth / 2 else { continue }
            total += KnifeEdge.bodyLoss(width: bodyWidth, offset: offset, d1: s, d2: length - s, wavelength: wavelength)
        }
        return total
    }

    /// G(s) = ∫ √(s(L − s)) ds = ((2s − L)/4)·√(s(L − s)) + (L²/8)·asin((2s − L)/L).
    static func strip(_ s: Double, _ length: Double) -> Double {
        let clamped = min(max(s, 0), length)
        let u = (2 * clamped - length) / length
        return (2 * clamped - length) / 4 * max(0, clamped * (length - clamped)).squareRoot()
            + length * length / 8 * _asin(min(1, max(-1, u)))
    }
}
