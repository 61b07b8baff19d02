// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import RadioPropagation

/// `coverage.csv`: one row per grid cell and floor.
///
/// Columns (units in the names): floor, x_m, y_m (cell centre), strongestBeacon, strongestRSSI_dBm
/// (mean power of the link budget), one `hear.<region>` column per region (probability of hearing it within 1 s of
/// continuous scanning), covered (regions heard with ≥ 0.9), gap (in a zone some region targets, none covered),
/// overlap (two or more regions covered).
public enum CoverageCSV {
    public static func text(_ map: CoverageMap) -> String {
        var lines = [
            (["floor", "x_m", "y_m", "strongestBeacon", "strongestRSSI_dBm"] + map.regions.map { "hear.\($0.name)" }
                + ["covered", "gap", "overlap"]).map(CSVText.field).joined(separator: ",")
        ]
        for grid in map.floors {
            for cell in grid.cells {
                let beacon = cell.strongest.map { map.scenario.beacons[$0].name } ?? ""
                let fields =
                    [
                        String(grid.floor), number(cell.centre.x, 2), number(cell.centre.y, 2), beacon,
                        number(cell.strongestDBm, 1),
                    ]
                    + cell.hear.map { number($0, 4) }
                    + [String(cell.coveredRegions), cell.isGap ? "1" : "0", cell.isOverlap ? "1" : "0"]
                lines.append(CSVText.line(fields))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double, _ decimals: Int) -> String { RunSummary.rounded(value, decimals) }
}
