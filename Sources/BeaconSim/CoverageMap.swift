// SPDX-License-Identifier: GPL-3.0-or-later
public import RadioPropagation
public import ScenarioFormat

/// Analytical coverage of a scenario's beacon layout over a grid of each floor (`beaconsim coverage`).
///
/// At each cell centre, for every beacon, the mean power of the link-budget equation
/// (`PropagationModel`) with the carrier's body averaged over eight headings (a planner does not
/// know which way people face), then the probability that a phone scanning continuously for one
/// second hears it: `ReceptionModel.hearProbability` over 3 PDUs per advertising event (10 events
/// for a 100 ms beacon), through shadowing, fading, packet errors and collisions with the other
/// beacons at their mean power. A region (an app's `regions:` entry) is heard when any of its
/// beacons is: P = 1 − Π(1 − P_b), beacons taken as independent.
///
/// Moving bystanders (`bystanders:`) are included as the time average of the loss their bodies
/// add to each link (`CrowdLoss.movingLoss`) at `bystanderInstants` instants spread evenly over the
/// scenario's duration — a planner's view of a patrolling guard, not one instant of it.
public struct CoverageMap: Sendable {
    /// Instants at which the bystanders' walks are sampled for their time-averaged loss.
    public static let bystanderInstants = 60

    /// The grid pitch of `coverage`, `compare` and `plan` unless given (metres): one grid, so the
    /// same layout reads the same covered share in each. Half a metre is a step of a walk and about
    /// the body's width (a design choice, not a measurement); a 1 m grid shifts a zone's share by
    /// up to ten points on the museum, where zones are 5 m across.
    public static let defaultResolution = 0.5

    /// A region is "covered" at a cell when heard within one second with at least this probability.
    public static let coveredThreshold = 0.9

    public struct Cell: Sendable {
        public var centre: PlanPoint
        /// Strongest beacon by mean power (index into `beacons`), nil when none is above −140 dBm.
        public var strongest: Int?
        public var strongestDBm: Double
        /// Probability of hearing each region within one second, by `regions` index.
        public var hear: [Double]
        /// Inside a zone of this floor that some region is meant to cover (anywhere when the venue
        /// has no zones).
        public var inZone: Bool

        /// Regions heard with at least `coveredThreshold`.
        public var coveredRegions: Int { hear.filter { $0 >= CoverageMap.coveredThreshold }.count }
        public var isGap: Bool { inZone && coveredRegions == 0 }
        /// Two covered regions of which neither contains the other: a phone here is told it is in
        /// two places. A parent region (the venue's UUID, or UUID and major) covered with one of its
        /// exhibits' regions is the design, not an overlap (`CoverageMap.nests`).
        public var isOverlap: Bool = false
    }

    public struct FloorGrid: Sendable {
        public var floor: Int
        public var columns: Int
        public var rows: Int
        /// Row-major from the origin corner.
        public var cells: [Cell]
    }

    public let scenario: Scenario
    public let resolution: Double
    public let regions: [RegionSpec]
    public let floors: [FloorGrid]
    /// Moving bystanders whose time-averaged loss the map includes.
    public let bystanderCount: Int

    /// Computes the map on a `resolution`-metre grid; throws `ScenarioError` like `World`.
    /// Most grid cells a map computes (all floors): 4 million, a 2 km × 2 km venue at 1 m (a limit
    /// of this program: each cell evaluates every beacon).
    public static let maximumCells = 4_000_000

    public init(scenario: Scenario, resolution: Double = CoverageMap.defaultResolution) throws {
        let floorCount = Double(max(1, scenario.venue.floors.count))
        let cellCount = (scenario.venue.width / resolution).rounded(.up) * (scenario.venue.height / resolution).rounded(.up)
        guard resolution.isFinite, resolution > 0, cellCount * floorCount <= Double(Self.maximumCells) else {
            throw ScenarioError(
                setting: "--resolution",
                message: "a \(resolution) m grid over the venue has more than \(Self.maximumCells) cells; use a coarser pitch")
        }
        let propagation = try ResolvedScenario(scenario).propagation
        self.scenario = scenario
        self.resolution = resolution
        var seen = Set<String>()
        regions = scenario.phones.flatMap(\.app.regions).filter { seen.insert($0.name).inserted }
        let reception = ReceptionModel(configuration: propagation.configuration)
        let people = Self.bystanderPositions(scenario, enabled: propagation.configuration.crowdsEnabled)
        bystanderCount = people.first?.count ?? 0
        let body = BodyLossModel(scenario.phones.first?.carry ?? .pocket)
        let members = regions.map { region in
            scenario.beacons.indices.filter { Self.matches(region, scenario.beacons[$0]) }
        }
        let columns = max(1, Int((scenario.venue.width / resolution).rounded(.up)))
        let rows = max(1, Int((scenario.venue.height / resolution).rounded(.up)))
        // Gaps are looked for in the zones some region is meant to cover (a region's `zone`, or the
        // zone of its name); a venue without zones is looked at everywhere.
        let targeted = Set(regions.map { $0.zone ?? $0.name })
        let zones = scenario.venue.zones.filter { targeted.contains($0.name) }.map {
            (floor: $0.floor, area: PlanPolygon($0.polygon.map(PlanPoint.init)))
        }
        let hasZones = !scenario.venue.zones.isEmpty
        let regions = self.regions
        floors = (0..<max(1, scenario.venue.floors.count)).map { floor in
            let floorZones = zones.filter { $0.floor == floor }
            var cells: [Cell] = []
            cells.reserveCapacity(columns * rows)
            for row in 0..<rows {
                for column in 0..<columns {
                    let centre = PlanPoint(x: (Double(column) + 0.5) * resolution, y: (Double(row) + 0.5) * resolution)
                    var cell = Self.cell(
                        at: centre, floor: floor, scenario: scenario, propagation: propagation, reception: reception,
                        body: body, members: members, people: people)
                    cell.inZone = hasZones ? floorZones.contains { $0.area.contains(centre) } : true
                    let covered = cell.hear.indices.filter { cell.hear[$0] >= CoverageMap.coveredThreshold }
                    cell.isOverlap = covered.indices.contains { a in
                        covered[(a + 1)...].contains { b in
                            !Self.nests(regions[covered[a]], regions[b]) && !Self.nests(regions[b], regions[covered[a]])
                        }
                    }
                    cells.append(cell)
                }
            }
            return FloorGrid(floor: floor, columns: columns, rows: rows, cells: cells)
        }
    }

    /// Eight compass headings, 45° apart.
    static let headings: [PlanPoint] = {
        let r = 0.5.squareRoot()
        return [(1, 0), (r, r), (0, 1), (-r, r), (-1, 0), (-r, -r), (0, -1), (r, -r)].map { PlanPoint(x: $0.0, y: $0.1) }
    }()

    /// Whether `parent` matches every beacon `child` can match: the same UUID, and the parent leaves
    /// open what the child does not (no major, or the same major with no minor).
    public static func nests(_ parent: RegionSpec, _ child: RegionSpec) -> Bool {
        guard parent.uuid == child.uuid, parent.namespace == nil, child.namespace == nil else { return false }
        if let major = parent.major, major != child.major { return false }
        if let minor = parent.minor, minor != child.minor { return false }
        return true
    }

    static func matches(_ region: RegionSpec, _ beacon: BeaconSpec) -> Bool {
        region.uuid == beacon.uuid && (region.major.map { $0 == beacon.major } ?? true)
            && (region.minor.map { $0 == beacon.minor } ?? true)
    }

    static func cell(
        at centre: PlanPoint, floor: Int, scenario: Scenario, propagation: PropagationModel, reception: ReceptionModel,
        body: BodyLossModel, members: [[Int]], people: [[BodyPosition]]
    ) -> Cell {
        var means: [(dBm: Double, lineOfSight: Bool)] = []
        var meter = CollisionMeter(beacons: scenario.beacons.count, capture: propagation.configuration.captureThreshold)
        for (index, beacon) in scenario.beacons.enumerated() {
            var total = 0.0
            var lineOfSight = false
            let position = PlanPoint(beacon.position)
            let wallLoss = propagation.wallIndex(beaconFloor: beacon.floor, phoneFloor: floor).loss(from: position, to: centre)
            let moving =
                people.isEmpty
                ? 0
                : people.reduce(0) {
                    $0 + propagation.crowds.movingLoss(from: position, to: centre, floors: (beacon.floor, floor), people: $1)
                } / Double(people.count)
            for heading in Self.headings {
                let mean = propagation.meanPower(
                    measuredPower: beacon.measuredPower, beacon: position, beaconFloor: beacon.floor, phone: centre,
                    phoneFloor: floor, heading: heading, body: body, wallLoss: wallLoss, movingBodyLoss: moving)
                total += mean.dBm
                lineOfSight = lineOfSight || mean.lineOfSight
            }
            let mean = total / Double(Self.headings.count)
            means.append((mean, lineOfSight))
            if propagation.configuration.collisionsEnabled {
                meter.update(beacon: index, dBm: mean, interval: Double(beacon.interval) / 1e9)
            }
        }
        var hearBeacon = [Double](repeating: 0, count: scenario.beacons.count)
        let reachable =
            propagation.configuration.sensitivity - propagation.configuration.unreachableMargin
            - 3 * propagation.configuration.shadowingSigma
        for (index, beacon) in scenario.beacons.enumerated() where means[index].dBm >= reachable {
            let packets = 3 * max(1, Int((1e9 / Double(beacon.interval)).rounded()))
            let collision =
                propagation.configuration.collisionsEnabled
                ? meter.collisionProbability(wanted: index, dBm: means[index].dBm) : 0
            hearBeacon[index] = reception.hearProbability(
                dBm: means[index].dBm, lineOfSight: means[index].lineOfSight, packets: packets, collision: collision)
        }
        let strongest = means.indices.max { means[$0].dBm < means[$1].dBm }
        let hear = members.map { indices in 1 - indices.reduce(1.0) { $0 * (1 - hearBeacon[$1]) } }
        return Cell(
            centre: centre, strongest: strongest, strongestDBm: strongest.map { means[$0].dBm } ?? -140, hear: hear,
            inZone: true)
    }

    /// Where the bystanders are at each of `bystanderInstants` instants over the scenario (none
    /// when the scenario has no bystanders or crowds are switched off, as in a run).
    static func bystanderPositions(_ scenario: Scenario, enabled: Bool) -> [[BodyPosition]] {
        guard enabled, !scenario.bystanders.isEmpty else { return [] }
        let walks = scenario.bystanders.map { Trajectory(waypoints: $0.path) }
        return (0..<bystanderInstants).map { instant in
            let time = scenario.duration / Int64(bystanderInstants) * Int64(instant)
            return walks.map { walk in
                let state = walk.state(at: time)
                return BodyPosition(point: state.position, floor: state.floor)
            }
        }
    }

    /// For each zone: the fraction of its cells where its region is covered, and the mean hearing
    /// probability there. The zone's region is the one whose `zone` (or name) is the zone's name.
    public func zoneCoverage() -> [(zone: String, region: String?, covered: Double, meanHear: Double)] {
        scenario.venue.zones.map { zone in
            let area = PlanPolygon(zone.polygon.map(PlanPoint.init))
            let regionIndex = regions.firstIndex { ($0.zone ?? $0.name) == zone.name }
            guard let regionIndex, let grid = floors.first(where: { $0.floor == zone.floor }) else {
                return (zone.name, nil, 0, 0)
            }
            let inside = grid.cells.filter { area.contains($0.centre) }
            guard !inside.isEmpty else { return (zone.name, regions[regionIndex].name, 0, 0) }
            let covered = inside.filter { $0.hear[regionIndex] >= Self.coveredThreshold }.count
            let mean = inside.reduce(0) { $0 + $1.hear[regionIndex] } / Double(inside.count)
            return (zone.name, regions[regionIndex].name, Double(covered) / Double(inside.count), mean)
        }
    }
}
