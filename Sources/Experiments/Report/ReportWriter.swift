// SPDX-License-Identifier: GPL-3.0-or-later
public import Foundation
internal import Reporting
internal import ScenarioFormat

/// `beaconsim report`: a self-contained `report.html` (inline SVG and, for a run's floor plan, a
/// small inline script; nothing loaded from elsewhere)
/// for a results folder, built only from the folder's files:
/// - run (`timeline.jsonl`): the floor plan (`plan.json`, `track.jsonl`: the walks, where each
///   callback fired, a time slider), a timeline per phone and the run's latencies;
/// - check (`replications.jsonl`): latency histograms and CDFs pooled over the replications, and
///   links to the replications `check --keep-timelines` kept (each with its own report);
/// - sweep (`sweep.json`): each claim against the swept parameter, and latency CDFs per point.
/// An earlier report.html in the folder is replaced (it is derived, not a result).
public enum ReportWriter {
    public static func write(folder: URL) throws -> URL {
        try KeptTimelinesSection.writeReports(in: folder)
        let html = try page(folder: folder)
        let target = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: target, options: .atomic)
        return target
    }

    /// The HTML text of the report for `folder`.
    public static func page(folder: URL) throws -> String {
        try ResultsFolderMarker.requireFinished(folder)
        let manifest =
            (try? Data(contentsOf: folder.appendingPathComponent("manifest.json")))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
        // A run's .jsonl files may be gzip-compressed (`outputs: { compression: gzip }`).
        let file = { (name: String) in ResultText.read(name, in: folder) }
        var sections: [(String, [String])] = []
        let timeline = file("timeline.jsonl")
        // A run written without a timeline (`--no-timeline`) still has its floor plan and latencies.
        if timeline != nil || (file("metrics.json") != nil && !ResultText.exists("replications.jsonl", in: folder)) {
            let metrics = file("metrics.json").flatMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let records = TimelineFigure.parse(timeline ?? "")
            let duration = (metrics?["durationSeconds"] as? NSNumber)?.doubleValue ?? records.last?.t ?? 0
            if let plan = FloorPlanData(plan: file("plan.json"), track: file("track.jsonl")) {
                sections.append(("Floor plan", [FloorPlanFigure.html(plan, timeline: records)]))
            }
            sections.append(("Timeline", TimelineFigure.svgs(records, duration: duration).map(\.svg)))
            sections.append(("Latencies", latencyFiguresOfRun(metrics ?? [:])))
        }
        if let sweep = file("sweep.json").flatMap({
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }) {
            let series = SweepSeries(sweep)
            let points = (sweep["points"] as? [[String: Any]] ?? []).map { point in
                (
                    settings: series.values(of: point).enumerated().map { "\(series.axes[$0.offset].path)=\($0.element)" }
                        .joined(separator: " "),
                    passed: point["passed"] as? Bool ?? false,
                    rows: ClaimRow.rows(point["claims"] as? [[String: Any]] ?? [])
                )
            }
            sections.append(("Verdicts per point", [ClaimTable.sweep(points)]))
            sections.append(("Claims against the swept parameters", SweepFigure.svgs(sweep, series: series)))
            if let records = try? ReplicationRecord.read(folder.appendingPathComponent("replications.jsonl")) {
                sections.append(
                    ("Latency distributions per sweep point", latencyCDFsPerPoint(records, sweep: sweep, series: series)))
            }
        } else if file("timeline.jsonl") == nil,
            let records = try? ReplicationRecord.read(folder.appendingPathComponent("replications.jsonl"))
        {
            if let check = file("check.json").flatMap({
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }) {
                sections.append(("Claims", [ClaimTable.check(ClaimRow.rows(check["claims"] as? [[String: Any]] ?? []))]))
            }
            sections.append(
                ("Latencies over \(Set(records.map(\.replication)).count) replications", latencyFigures(records)))
        }
        guard !sections.isEmpty else {
            throw ExperimentError("\(folder.path): no timeline.jsonl, replications.jsonl or sweep.json to report on")
        }
        if let kept = KeptTimelinesSection.section(folder: folder) { sections.append(kept) }
        let title = "\(manifest["scenario"] as? String ?? folder.lastPathComponent) — \(folder.lastPathComponent)"
        return html(title: title, manifest: manifest, sections: sections)
    }

    /// Pooled latency samples per (phone, region, metric), in a fixed order.
    static func pooled(_ records: [ReplicationRecord]) -> [(String, [Double])] {
        var order: [String] = []
        var samples: [String: [Double]] = [:]
        for record in records.sorted(by: { ($0.point, $0.replication) < ($1.point, $1.replication) }) {
            for entry in record.metrics {
                for metric in ClaimMetric.allCases where metric.isLatency {
                    guard let values = entry.latencies[metric], !values.isEmpty else { continue }
                    let key = "\(entry.phone)\(entry.region.map { " / \($0)" } ?? "") — \(metric.rawValue)"
                    if samples[key] == nil { order.append(key) }
                    samples[key, default: []] += values
                }
            }
        }
        return order.map { ($0, samples[$0] ?? []) }
    }

    static func latencyFigures(_ records: [ReplicationRecord]) -> [String] {
        pooled(records).map { DistributionFigure.histogramAndCDF(title: $0.0, samples: $0.1) }
    }

    /// Per latency, one CDF per sweep point: the colour of the point's series (as in the claim
    /// figures), the dash pattern of its value of the first swept parameter.
    static func latencyCDFsPerPoint(_ records: [ReplicationRecord], sweep: [String: Any], series: SweepSeries) -> [String] {
        let points = sweep["points"] as? [[String: Any]] ?? []
        let dashes = ["", "8,4", "2,3", "10,3,2,3", "4,4", "1,2"]
        let styles = points.map { point -> (label: String, colour: String, dash: String) in
            let values = series.values(of: point)
            let label = zip(series.axes, values).map { "\($0.path)=\($1)" }.joined(separator: " ")
            let column = series.axes.first?.values.firstIndex(of: values.first ?? "") ?? 0
            return (label, series.colour(of: values), dashes[column % dashes.count])
        }
        let byPoint = Dictionary(grouping: records, by: \.point)
        var keys: [String] = []
        var curves: [String: [DistributionFigure.Curve]] = [:]
        for point in byPoint.keys.sorted() {
            for (key, samples) in pooled(byPoint[point] ?? []) {
                if curves[key] == nil { keys.append(key) }
                let style = styles.indices.contains(point) ? styles[point] : ("point \(point)", "#777", "")
                curves[key, default: []].append(
                    DistributionFigure.Curve(label: style.0, samples: samples, colour: style.1, dash: style.2))
            }
        }
        return keys.map { DistributionFigure.overlaidCDFs(title: $0, curves: curves[$0] ?? []) }
    }

    static func latencyFiguresOfRun(_ metrics: [String: Any]) -> [String] {
        (metrics["regions"] as? [[String: Any]] ?? []).flatMap { entry -> [String] in
            let subject = "\(entry["phone"] as? String ?? "?")\((entry["region"] as? String).map { " / \($0)" } ?? "")"
            let latencies = entry["latencies"] as? [String: Any] ?? [:]
            return ClaimMetric.allCases.filter(\.isLatency).compactMap { metric in
                guard let summary = latencies[metric.rawValue] as? [String: Any],
                    let samples = summary["samples"] as? [NSNumber], !samples.isEmpty
                else { return nil }
                return DistributionFigure.histogramAndCDF(
                    title: "\(subject) — \(metric.rawValue)", samples: samples.map(\.doubleValue))
            }
        }
    }

    static func html(title: String, manifest: [String: Any], sections: [(String, [String])]) -> String {
        let facts = ["command", "version", "scenarioPath", "scenarioHash", "seed", "replications", "startedAt"]
            .compactMap { key in
                manifest[key].map { "<tr><th>\(key)</th><td>\(JUnitReport.escape("\($0)"))</td></tr>" }
            }
        var parts = [
            "<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
            "<title>\(JUnitReport.escape(title))</title>",
            "<style>body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px;color:#222}"
                + "h1{font-size:20px}h2{font-size:16px;margin-top:28px}table{border-collapse:collapse;font-size:12px}"
                + "th{text-align:left;padding:2px 12px 2px 0;color:#555}td{font-family:monospace}figure{margin:12px 0}"
                + ".fp-controls input{width:600px;vertical-align:middle}.fp-state td{padding:2px 12px 2px 0}"
                + ".fp-legend{font-size:12px;color:#555}" + ClaimTable.style + "</style>",
            "</head><body>", "<h1>\(JUnitReport.escape(title))</h1>", "<table>\(facts.joined())</table>",
        ]
        for (heading, figures) in sections {
            parts.append("<h2>\(JUnitReport.escape(heading))</h2>")
            parts += figures.isEmpty ? ["<p>nothing to show</p>"] : figures.map { "<figure>\n\($0)\n</figure>" }
        }
        parts.append("<p><small>beaconsim report — figures are inline SVG; hover a mark for its value.</small></p>")
        parts.append("</body></html>")
        return parts.joined(separator: "\n") + "\n"
    }
}
