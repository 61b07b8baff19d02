// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation

/// `beaconsim coverage`: writes `coverage.csv`, `zones.csv` and one `coverage-floorN.svg` per
/// floor into `directory`, and returns the per-zone summary as text lines.
public enum CoverageReport {
    @discardableResult
    public static func write(_ map: CoverageMap, to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(CoverageCSV.text(map).utf8).write(to: directory.appendingPathComponent("coverage.csv"))
        for grid in map.floors {
            try Data(CoverageSVG.render(map, floor: grid.floor).utf8)
                .write(to: directory.appendingPathComponent("coverage-floor\(grid.floor).svg"))
        }
        let zones = map.zoneCoverage()
        var csv = "zone,region,coveredFraction,meanHearProbability\n"
        for zone in zones {
            csv +=
                "\(zone.zone),\(zone.region ?? ""),\(RunSummary.rounded(zone.covered, 4)),\(RunSummary.rounded(zone.meanHear, 4))\n"
        }
        try Data(csv.utf8).write(to: directory.appendingPathComponent("zones.csv"))
        return summary(map)
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
        return lines
    }
}
