// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Option values that start with a minus sign (`--rssi-scale -100..-40`, `--seed -1`) are taken as
/// values, not as options (`@Option(parsing: .unconditional)`), with or without `=`.
@Suite("Negative option values")
struct NegativeOptionTests {
    @Test("coverage --rssi-scale -100..-40 (space-separated) fixes the colour scale, as the = form does")
    func rssiScaleWithSpace() throws {
        for form in [["--rssi-scale", "-100..-40"], ["--rssi-scale=-100..-40"]] {
            let out = try CLI.temporaryDirectory()
            let result = try CLI.run(
                ["coverage", "Scenarios/retail-store.yaml", "--resolution", "2m"] + form + ["--out", out.path])
            #expect(result.status == 0, "\(form): \(result.stderr)")
            let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "coverage-2m")
            let manifest = try Experiments.manifest(folder)
            #expect(manifest["colourScaleDBm"] as? [Double] == [-100, -40], "\(form)")
            #expect(manifest["colourScaleFitted"] as? Bool == false)
        }
    }

    @Test("--seed -1 is read as the value -1 and refused by name, not reported as a missing value")
    func negativeSeed() throws {
        let out = try CLI.temporaryDirectory()
        let result = try CLI.run(["run", "Scenarios/retail-store.yaml", "--seed", "-1", "--out", out.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("'-1'") && result.stderr.contains("--seed"), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }
}
