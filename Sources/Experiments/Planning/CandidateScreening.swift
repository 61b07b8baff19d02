// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import RadioPropagation
public import ScenarioFormat

/// `beaconsim plan`, first stage: for one region that covers a zone, every candidate mounting
/// point (a grid over the zone and a margin around it, on the zone's floor, outside keep-outs)
/// with the zone cells where a beacon there alone is heard within 1 s with ≥ 90 %
/// (`CoverageMap.hearProbability`, the deterministic coverage model), so that layouts can be
/// assembled without simulating.
public struct CandidateScreening: Sendable {
    /// A candidate beacon and the zone cells it covers.
    public struct Candidate: Sendable {
        public var position: Point2D
        /// Indices into the zone's cells.
        public var covers: Set<Int>
    }

    public var region: RegionSpec
    public var zone: ZoneSpec
    /// The scenario beacon whose identity, interval and frames planned beacons of this region copy.
    public var template: BeaconSpec
    public var cellCount: Int
    public var candidates: [Candidate]

    /// Nil when no scenario beacon carries an identity the region matches (nothing to copy).
    /// `interval` (ns) replaces the template's advertising interval (nil: keep it): the chance of
    /// being heard within 1 s depends on it.
    public init?(
        region: RegionSpec, zone: ZoneSpec, scenario: Scenario, txPower: Double, interval: Int64?, pitch: Double,
        resolution: Double,
        keepOuts: [[Point2D]]
    ) throws {
        guard
            let template = scenario.beacons.first(where: { beacon in
                beacon.sendsIBeacon && beacon.uuid == region.uuid && (region.major.map { $0 == beacon.major } ?? true)
                    && (region.minor.map { $0 == beacon.minor } ?? true)
            })
        else { return nil }
        self.region = region
        self.zone = zone
        self.template = template
        let polygon = PlanPolygon(zone.polygon.map { PlanPoint(x: $0.x, y: $0.y) })
        let xs = zone.polygon.map(\.x), ys = zone.polygon.map(\.y)
        let (minX, maxX) = (xs.min() ?? 0, xs.max() ?? 0), (minY, maxY) = (ys.min() ?? 0, ys.max() ?? 0)
        var cells: [PlanPoint] = []
        var y = (minY / resolution).rounded(.down) * resolution + resolution / 2
        while y < maxY {
            var x = (minX / resolution).rounded(.down) * resolution + resolution / 2
            while x < maxX {
                if polygon.contains(PlanPoint(x: x, y: y)) { cells.append(PlanPoint(x: x, y: y)) }
                x += resolution
            }
            y += resolution
        }
        cellCount = cells.count
        let keepOutAreas = keepOuts.map { area in PlanPolygon(area.map { PlanPoint(x: $0.x, y: $0.y) }) }
        var positions: [Point2D] = []
        // Candidates on a `pitch` grid over the zone's bounding box and one pitch around it.
        var cy = max(pitch / 2, minY - pitch)
        while cy <= min(scenario.venue.height, maxY + pitch) {
            var cx = max(pitch / 2, minX - pitch)
            while cx <= min(scenario.venue.width, maxX + pitch) {
                let point = Point2D(x: cx, y: cy)
                if !keepOutAreas.contains(where: { $0.contains(PlanPoint(x: point.x, y: point.y)) }) { positions.append(point) }
                cx += pitch
            }
            cy += pitch
        }
        candidates = try positions.map { position in
            var beacon = template
            beacon.position = position
            beacon.floor = zone.floor
            beacon.measuredPower = template.measuredPower + (txPower - template.txPower)
            beacon.txPower = txPower
            beacon.interval = interval ?? template.interval
            let hear = try CoverageMap.hearProbability(of: beacon, in: scenario, at: cells, floor: zone.floor)
            return Candidate(
                position: position,
                covers: Set(hear.indices.filter { hear[$0] >= CoverageMap.coveredThreshold }))
        }
    }
}
