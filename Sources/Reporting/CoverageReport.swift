// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation

/// `beaconsim coverage`: writes `coverage.csv`, `zones.csv`, one `coverage-floorN.svg` per floor and
/// `manifest.json` into a new folder `OUT/<scenario>/<time>-coverage-<pitch>m` (an earlier map is
/// never overwritten), and returns the per-zone summary as text lines.
public enum CoverageReport {
    /// The folder written and the summary lines.
    public static func write(
        _ map: CoverageMap, into store: ResultsStore, startedAt: Date, wallSeconds: Double,
        scale given: CoverageSVG.Scale? = nil
    ) throws -> (directory: URL, summary: [String]) {
        let scale = given ?? CoverageSVG.fittedScale(map)
        let pitch = JSONText.number(map.resolution)
        let directory = try store.newRunDirectory(
            scenario: map.scenario.name, label: "coverage-\(pitch)m", now: startedAt)
        try store.write(CoverageCSV.text(map), to: "coverage.csv", in: directory)
        for grid in map.floors {
            try store.write(
                CoverageSVG.render(map, floor: grid.floor, scale: scale, walks: true), to: "coverage-floor\(grid.floor).svg",
                in: directory)
        }
        var rows = [["zone", "region", "coveredFraction", "meanHearProbability", "resolution_m"]]
        for zone in map.zoneCoverage() {
            rows.append([
                zone.zone, zone.region ?? "", RunSummary.rounded(zone.covered, 4), RunSummary.rounded(zone.meanHear, 4),
                pitch,
            ])
        }
        try store.write(CSVText.table(rows), to: "zones.csv", in: directory)
        let manifest = RunManifest(
            command: "coverage", scenario: map.scenario, seed: map.scenario.seed, replications: 0, startedAt: startedAt,
            wallTimeSeconds: wallSeconds,
            extra: [
                ("resolutionMetres", JSONText.number(map.resolution)),
                ("colourScaleDBm", JSONText.array([JSONText.number(scale.low), JSONText.number(scale.high)])),
                ("colourScaleFitted", given == nil ? "true" : "false"), ("bystanders", String(map.bystanderCount)),
                ("method", JSONText.string("mean link budget per cell; no random draws, so seed and replications are unused")),
            ])
        try store.write(manifest.text, to: "manifest.json", in: directory)
        return (directory, summary(map))
    }

    /// Per zone: the share of its area where its region is heard within 1 s with ≥ 90 %; per
    /// floor: gap and overlap areas.
    public static func summary(_ map: CoverageMap) -> [String] {
        var lines: [String] = []
        for zone in map.zoneCoverage() {
            let region = zone.region.map { "region \($0)" } ?? "no region"
            lines.append(
                "zone \(zone.zone) (\(region)): \(RunSummary.rounded(100 * zone.covered, 1)) % covered, "
                    + "mean P(heard in 1 s) \(RunSummary.rounded(zone.meanHear, 3))")
        }
        let cellArea = map.resolution * map.resolution
        for grid in map.floors {
            let gaps = Double(grid.cells.filter(\.isGap).count) * cellArea
            let overlaps = Double(grid.cells.filter(\.isOverlap).count) * cellArea
            lines.append(
                "floor \(grid.floor): gaps \(RunSummary.rounded(gaps, 1)) m², overlaps \(RunSummary.rounded(overlaps, 1)) m²")
        }
        return lines + BatteryLifeReport.lines(map.scenario)
    }
}
