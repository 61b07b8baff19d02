// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
public import Foundation
public import ScenarioFormat

extension ResultsStore {
    /// Writes one run's files into `directory`: timeline.jsonl (unless `timelineWritten`, as when a
    /// live session wrote it as it went), metrics.json and manifest.json. Returns the metrics.
    @discardableResult
    public func writeRun(
        _ result: RunResult, scenario: Scenario, manifest: RunManifest, in directory: URL, timelineWritten: Bool = false
    ) throws -> [RegionMetrics] {
        let metrics = MetricsCalculator.compute(scenario: scenario, result: result)
        if !timelineWritten { try write(TimelineWriter.text(result.trace), to: "timeline.jsonl", in: directory) }
        try writeRun(result, metrics: metrics, scenario: scenario, manifest: manifest, in: directory)
        return metrics
    }

    /// Writes metrics.json, its flat twin metrics.csv and manifest.json of a run whose timeline was streamed and whose
    /// `metrics` were computed online (`SimulationRun`).
    public func writeRun(
        _ result: RunResult, metrics: [RegionMetrics], scenario: Scenario, manifest: RunManifest, in directory: URL
    ) throws {
        try write(
            to: "metrics.json", in: directory,
            streaming: { file in
                MetricsWriter.write(scenario: scenario, result: result, metrics: metrics, inPieces: file.write)
            })
        try write(MetricsCSV.text(metrics), to: "metrics.csv", in: directory)
        try write(manifest.text, to: "manifest.json", in: directory)
    }
}
