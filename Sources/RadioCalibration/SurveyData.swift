// SPDX-License-Identifier: GPL-3.0-or-later
internal import BeaconSim
internal import RadioPropagation
internal import ScenarioFormat

/// A survey's rows grouped into links (point, device, tx power, beacon) with their geometry in
/// the scenario's venue, and the wall materials the fit estimates (those some link crosses).
struct SurveyData {
    var rows: [SurveyRow]
    var links: [SurveyLink]
    /// Fitted wall materials, by name, in a fixed (sorted) order.
    var materials: [String]
    /// Receiving devices, sorted.
    var devices: [String]

    /// Groups `rows` (those with `include(row)`) and computes each link's geometry; `detection`
    /// says which rows' windows count for detection rates.
    init(
        rows: [SurveyRow], scenario: Scenario, detection: DetectionSessions? = nil,
        include: (SurveyRow) -> Bool = { _ in true }
    ) throws {
        let detection = detection ?? DetectionSessions(rows: rows)
        self.rows = rows
        let setup = try RadioSetup(scenario)
        let beaconIndex = Dictionary(scenario.beacons.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let wallMaterials = Set(scenario.venue.walls.map(\.material))
        let byMaterial = Dictionary(grouping: scenario.venue.walls.filter { $0.floor == 0 }, by: \.material).mapValues {
            WallIndex(
                walls: $0.map {
                    WallSegment(from: SurveyGeometry.planPoint($0.from), to: SurveyGeometry.planPoint($0.to), lossDB: 1)
                })
        }
        let body = SurveyGeometry.bodyModel(scenario)
        var groups: [String: SurveyLink] = [:]
        var order: [String] = []
        for (index, row) in rows.enumerated() where include(row) {
            guard let beacon = beaconIndex[row.beacon] else { continue }
            let key = FitScore.key(row)
            if groups[key] == nil {
                order.append(key)
                let spec = scenario.beacons[beacon]
                groups[key] = SurveyLink(
                    point: row.point, device: row.device, txPower: row.txPower, beacon: beacon, position: .zero,
                    distance: 0, height: 0, windows: 0, windowSeconds: 0, readings: [], detectionWindows: 0,
                    detectionReadings: 0,
                    measuredPower: SurveyGeometry.measuredPower(spec, txPower: row.txPower),
                    intervalSeconds: Double(spec.interval) / 1e9, crossings: [], fixedWallLoss: 0, bodyLoss: 0, rows: [])
            }
            guard var link = groups.removeValue(forKey: key) else { continue }
            link.rows.append(index)
            link.windows += 1
            link.windowSeconds += row.windowSeconds
            link.position = link.position + PlanPoint(x: row.x, y: row.y)
            link.height = row.z.flatMap { z in link.height.map { $0 + z } }
            if let rssi = row.rssi { link.readings.append(rssi) }
            if detection.counts(row) {
                link.detectionWindows += 1
                if row.rssi != nil { link.detectionReadings += 1 }
                if row.startsScan {
                    link.startupWindows += 1
                    if row.rssi != nil { link.startupReadings += 1 }
                }
            }
            groups[key] = link
        }
        let configuration = setup.propagation.configuration
        materials = wallMaterials.sorted()
        var used = Set<String>()
        links = order.compactMap { key -> SurveyLink? in
            guard var link = groups[key] else { return nil }
            let count = Double(link.windows)
            link.position = link.position * (1 / count)
            link.windowSeconds /= count
            link.height = link.height.map { $0 / count }
            let beacon = SurveyGeometry.planPoint(scenario.beacons[link.beacon].position)
            link.distance = (beacon - link.position).length
            link.crossings = wallMaterials.sorted().map { material in
                Int((byMaterial[material]?.loss(from: beacon, to: link.position) ?? 0).rounded())
            }
            for (material, crossings) in zip(wallMaterials.sorted(), link.crossings) where crossings > 0 {
                used.insert(material)
            }
            link.bodyLoss =
                configuration.bodyLossEnabled ? SurveyGeometry.averageBodyLoss(body, phone: link.position, beacon: beacon) : 0
            return link
        }
        // Materials no link crosses cannot be estimated: their loss stays fixed.
        let fitted = materials.filter { used.contains($0) }
        for index in links.indices {
            var kept: [Int] = []
            var fixed = 0.0
            for (material, crossings) in zip(materials, links[index].crossings) {
                if used.contains(material) {
                    kept.append(crossings)
                } else {
                    fixed += Double(crossings) * SurveyGeometry.materialLoss(material, scenario: scenario)
                }
            }
            links[index].crossings = kept
            links[index].fixedWallLoss = fixed
        }
        materials = fitted
        devices = Array(Set(links.map(\.device))).sorted()
    }
}
