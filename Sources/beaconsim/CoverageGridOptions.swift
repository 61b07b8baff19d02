// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import BeaconSim
import Reporting

/// The coverage grid and colour scale, shared by `coverage` and `compare` so that the same layout
/// reads the same covered share in both (one default pitch: `CoverageMap.defaultResolution`).
struct CoverageGridOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help:
            "Coverage grid pitch, e.g. 0.25m or 1 (metres; default \(CoverageMap.defaultResolution) m, as coverage and compare).")
    var resolution: String?

    @Option(
        parsing: .unconditional,
        help: "Colour scale of the maps, LOW..HIGH in dBm, e.g. -100..-40 (default: fitted to the map or maps).")
    var rssiScale: String?

    func validate() throws {
        _ = try pitch()
        _ = try scale()
    }

    /// `--resolution` in metres (default `CoverageMap.defaultResolution`).
    func pitch() throws -> Double {
        guard let resolution else { return CoverageMap.defaultResolution }
        let text = resolution.hasSuffix("m") ? String(resolution.dropLast()) : resolution
        guard let pitch = Double(text), pitch > 0, pitch.isFinite else {
            throw ValidationError("--resolution must be a length > 0, e.g. 1m; found '\(resolution)'")
        }
        return pitch
    }

    /// `--rssi-scale LOW..HIGH`, nil when absent.
    func scale() throws -> CoverageSVG.Scale? {
        guard let rssiScale else { return nil }
        let parts = rssiScale.components(separatedBy: "..").map { Double($0.replacingOccurrences(of: "dBm", with: "")) }
        guard parts.count == 2, let low = parts[0], let high = parts[1], low < high else {
            throw ValidationError("--rssi-scale expects LOW..HIGH in dBm with LOW < HIGH, e.g. -100..-40; found '\(rssiScale)'")
        }
        return (low, high)
    }
}
