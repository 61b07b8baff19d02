// SPDX-License-Identifier: GPL-3.0-or-later

/// The deterministic part of the link budget, for one venue (rf.md §1). One equation, every term
/// switchable (`RadioConfiguration`):
///
///     mean(dBm) = MP + ΔMP
///               − L_dist(max(√(d² + Δz²), d_min))            distance: 10·n·log10 d, dual slope beyond d_bp (§3.2)
///               − min(Σ L_wall, cap_wall)                      walls crossed, by material (§4)
///               − L_floor(F)                                   slabs between floors (§3.5)
///               − L_body(carry, heading)                       the carrier's own body (§5)
///               − min(N̄_crowd · L_ke(d/2, d/2) + Σ L_ke(moving), cap_crowd)
///                                                              bystanders in the Fresnel zone (§5)
///
/// where MP is the beacon's measured power at 1 m and ΔMP the venue's `measuredPowerOffset`: the
/// reference-phone scale (`DeviceProfile`). `RadioLink` then adds shadowing, fading, the device's
/// reporting offset and noise per link and packet, and the world applies the device's packet-error
/// curve, its scan ceiling and collisions: P(receive) = (1 − PER(RSSI_true)) · (1 − P_coll).
public struct PropagationModel: Sendable {
    public let configuration: RadioConfiguration
    /// Wall indexes by floor pair, `floorCount × floorCount`: the walls of floor b and, for
    /// b ≠ p, of floor p too (a path between floors crosses walls near both ends; see
    /// `wallIndex(beaconFloor:phoneFloor:)`).
    @usableFromInline let pairs: [WallIndex]
    public let floorCount: Int
    public let floors: FloorStack
    public let crowds: CrowdLoss

    public init(
        configuration: RadioConfiguration, walls: [WallSegment], floors: FloorStack = .single, crowds: [CrowdZone] = []
    ) {
        self.configuration = configuration
        let kept = configuration.wallsEnabled ? walls : []
        let count = max(floors.count, (kept.map(\.floor).max() ?? 0) + 1)
        floorCount = count
        pairs = (0..<count * count).map { pair in
            let (b, p) = (pair / count, pair % count)
            return WallIndex(walls: kept.filter { $0.floor == b || $0.floor == p })
        }
        self.floors = floors
        self.crowds = CrowdLoss(zones: configuration.crowdsEnabled ? crowds : [], cap: configuration.crowdLossCap)
    }

    /// The walls a path from a beacon on `beaconFloor` to a phone on `phoneFloor` is tested
    /// against: that floor's walls, or both end floors' walls when they differ (an upper bound,
    /// capped like every wall sum; the ray really crosses each storey only near its end).
    @inlinable public func wallIndex(beaconFloor: Int, phoneFloor: Int) -> WallIndex {
        let b = min(max(beaconFloor, 0), floorCount - 1), p = min(max(phoneFloor, 0), floorCount - 1)
        return pairs[b * floorCount + p]
    }

    /// The walls of a single-floor venue (floor 0).
    public var walls: WallIndex { pairs[0] }

    /// Mean received power and whether the path is line of sight (no wall or slab crossed, the
    /// beacon not behind the carrier, less than half a bystander expected in the Fresnel zone).
    @inlinable
    public func meanPower(
        measuredPower: Double, beacon: PlanPoint, beaconFloor: Int = 0, phone: PlanPoint, phoneFloor: Int = 0,
        heading: PlanPoint, body: BodyLossModel
    ) -> (dBm: Double, lineOfSight: Bool) {
        meanPower(
            measuredPower: measuredPower, beacon: beacon, beaconFloor: beaconFloor, phone: phone, phoneFloor: phoneFloor,
            heading: heading, body: body,
            wallLoss: wallIndex(beaconFloor: beaconFloor, phoneFloor: phoneFloor).loss(from: beacon, to: phone))
    }

    /// The equation above, with the summed wall loss already known (from a `WallLossProfile`), dB.
    @inlinable
    public func meanPower(
        measuredPower: Double, beacon: PlanPoint, beaconFloor: Int = 0, phone: PlanPoint, phoneFloor: Int = 0,
        heading: PlanPoint, body: BodyLossModel, wallLoss: Double, movingBodyLoss: Double = 0, phoneHeight: Double? = nil
    ) -> (dBm: Double, lineOfSight: Bool) {
        let toBeacon = beacon - phone
        let slabs = beaconFloor == phoneFloor ? 0 : abs(beaconFloor - phoneFloor)
        let distance = self.distance(
            planDistanceSquared: toBeacon.x * toBeacon.x + toBeacon.y * toBeacon.y, beaconFloor, phoneFloor,
            phoneHeight: phoneHeight)
        var power = measuredPower + configuration.measuredPowerOffset - configuration.distanceLoss(distance)
        power -= min(wallLoss, configuration.wallLossCap)
        if slabs > 0, configuration.floorsEnabled { power -= configuration.floorLoss.loss(floors: slabs) }
        let behind = heading.dot(toBeacon) < 0
        if configuration.bodyLossEnabled { power -= body.loss(heading: heading, toBeacon: toBeacon) }
        var crowded = movingBodyLoss >= 3
        if !crowds.isEmpty {
            let crowd = crowds.loss(from: beacon, to: phone, floors: (beaconFloor, phoneFloor))
            power -= min(crowd.dB + movingBodyLoss, crowds.cap)
            crowded = crowded || crowd.bodies >= 0.5
        } else if movingBodyLoss > 0 {
            power -= min(movingBodyLoss, crowds.cap)
        }
        return (power, wallLoss == 0 && slabs == 0 && !behind && !crowded)
    }

    /// The distance the path loss is taken at, metres: the plan distance with the storey height
    /// between floors, or within a floor the beacon's height above the phone (when heights are
    /// modelled), at least `minimumDistance`. Grows with the plan distance.
    @inlinable func distance(
        planDistanceSquared: Double, _ beaconFloor: Int, _ phoneFloor: Int, phoneHeight: Double? = nil
    ) -> Double {
        var squared = planDistanceSquared
        if beaconFloor != phoneFloor {
            let rise = floors.separation(beaconFloor, phoneFloor)
            squared += rise * rise
        } else if let beaconHeight = configuration.beaconHeight {
            let rise = beaconHeight - (phoneHeight ?? configuration.phoneHeight)
            squared += rise * rise
        }
        return max(squared.squareRoot(), configuration.minimumDistance)
    }

    /// An upper bound of `meanPower` over every phone position at least `planDistance` from the
    /// beacon (in plan) whose summed wall loss is at least `wallLoss`, whatever the heading,
    /// bystanders and crowd: the equation above (venue offset, dual slope, heights, slabs) with
    /// the carrier's smallest body loss and no crowd loss (both only subtract). The distance term
    /// grows with distance as long as both slopes are ≥ 0 (`distanceLossIsMonotone`). Inlinable:
    /// a call across the module boundary made the caller copy the whole model for it.
    @inlinable public func bestMeanPower(
        measuredPower: Double, planDistance: Double, beaconFloor: Int, phoneFloor: Int, wallLoss: Double,
        body: BodyLossModel
    ) -> Double {
        let distance = self.distance(planDistanceSquared: planDistance * planDistance, beaconFloor, phoneFloor)
        var power = measuredPower + configuration.measuredPowerOffset - configuration.distanceLoss(distance)
        power -= min(wallLoss, configuration.wallLossCap)
        if beaconFloor != phoneFloor, configuration.floorsEnabled {
            power -= configuration.floorLoss.loss(floors: abs(beaconFloor - phoneFloor))
        }
        if configuration.bodyLossEnabled { power -= min(body.front, body.behind) }
        return power
    }
}
