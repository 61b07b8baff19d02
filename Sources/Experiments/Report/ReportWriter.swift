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
/// - sweep (`sweep.json`): each claim against the swept parameter, and latency CDFs per point;
/// - compare of layouts (`compare.json`): `ComparisonSection`.
/// An earlier report.html in the folder is replaced (it is derived, not a result).
public enum ReportWriter {
    public static func write(folder: URL) throws -> URL {
        try KeptTimelinesSection.writeReports(in: folder)
        let html = try page(folder: folder)
        let target = folder.appendingPathComponent("report.html")
        try ResultFile.replace(target, with: html)
        return target
    }

    /// The HTML text of the report for `folder`.
    public static func page(folder: URL) throws -> String {
        try ResultsFolderMarker.requireFinished(folder)
        // A run's .jsonl files may be gzip-compressed (`outputs: { compression: gzip }`).
        return try page(folder: folder) { ResultText.read($0, in: folder) }
    }

    /// The page of a finished folder whose files' text `file` gives by name (nil: no such file):
    /// `page(folder:)` reads them from disk; the report fuzz target (Fuzz/Harness) gives a run's
    /// files from memory, so it renders through this very code without writing a folder. Still
    /// read from `folder` itself: a check's or sweep's `replications.jsonl` (and whether one exists),
    /// kept replications' folders and the `check.json` of the check that kept this one.
    package static func page(folder: URL, file: (String) -> String?) throws -> String {
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        let manifest = try file("manifest.json").map { try ManifestFacts.decode($0, path: path("manifest.json")) }
        var sections: [(String, [String])] = []
        let timeline = file("timeline.jsonl")
        // A run written without a timeline (`--no-timeline`) still has its floor plan and latencies.
        if timeline != nil || (file("metrics.json") != nil && !ResultText.exists("replications.jsonl", in: folder)) {
            let metrics = try file("metrics.json").map { try MetricsJSON.decode($0, path: path("metrics.json")) }
            let records = try TimelineFigure.parse(timeline ?? "", path: path("timeline.jsonl"))
            let duration = metrics?.durationSeconds ?? records.last?.t ?? 0
            let claims = claimRows(file("claims.json"))
            if let claims {
                let replication =
                    manifest?.replication.map {
                        " (replication \($0), seed \(manifest?.seed.map(\.description) ?? "?"))"
                    } ?? ""
                sections.append(("Claims over this replication\(replication)", [ClaimTable.check(claims)]))
            } else if let kept = KeptTimelinesSection.claimsOfKeptReplication(folder) {
                sections.append(kept)
            }
            let plan = try FloorPlanData(
                plan: file("plan.json"), track: file("track.jsonl"), planPath: path("plan.json"),
                trackPath: path("track.jsonl"))
            let context = TimelineFigure.Context(metrics: metrics, plan: plan)
            if let plan {
                let figures = FloorPlanFigure.html(plan, timeline: records, context: context, duration: duration)
                sections.append(("Floor plan", [figures.plan]))
                sections.append(("What the selected phone heard, and when the OS declared each exit", [figures.strips]))
            } else if let note = KeptTimelinesSection.rerunNote(folder, manifest: manifest) {
                sections.append(("Floor plan and RSSI strips", [note]))
            }
            sections.append(("Timeline", TimelineFigure.svgs(records, duration: duration, context: context).map(\.svg)))
            sections.append(("Latencies", latencyFiguresOfRun(metrics, claims: claims ?? [])))
        }
        if let compare = try file("compare.json").map({ try CompareJSON.decode($0, path: path("compare.json")) }) {
            sections += ComparisonSection.sections(compare, folder: folder)
        } else if let sweep = try file("sweep.json").map({ try SweepJSON.decode($0, path: path("sweep.json")) }) {
            let series = SweepSeries(sweep)
            let points = (sweep.points ?? []).map { point in
                (
                    settings: series.values(of: point).enumerated().map { "\(series.axes[$0.offset].path)=\($0.element)" }
                        .joined(separator: " "),
                    passed: point.passed ?? false,
                    rows: ClaimRow.rows(point.claims ?? [])
                )
            }
            sections.append(("Verdicts per point", [ClaimTable.sweep(points)]))
            sections.append(("Claims against the swept parameters", SweepFigure.svgs(sweep, series: series)))
            if let records = try? ReplicationRecord.read(folder: folder) {
                sections.append(
                    ("Latency distributions per sweep point", latencyCDFsPerPoint(records, sweep: sweep, series: series)))
            }
        } else if file("timeline.jsonl") == nil,
            let records = try? ReplicationRecord.read(folder: folder)
        {
            let claims = claimRows(file("check.json"))
            if let claims { sections.append(("Claims", [ClaimTable.check(claims)])) }
            sections.append(
                (
                    "Latencies over \(Set(records.map(\.replication)).count) replications",
                    latencyFigures(records, claims: claims ?? [])
                ))
        }
        guard !sections.isEmpty else {
            throw ExperimentError(
                "\(folder.path): no timeline.jsonl, replications.jsonl, sweep.json or compare.json to report on")
        }
        if let kept = KeptTimelinesSection.section(folder: folder) { sections.append(kept) }
        let scenarios = manifest?.scenarios?.compactMap(\.scenario)
        let name = manifest?.scenario ?? scenarios?.joined(separator: " vs ") ?? folder.lastPathComponent
        let title = "\(name) — \(folder.lastPathComponent)"
        return html(title: title, manifest: manifest, sections: sections)
    }

    /// Latency samples pooled over replications for one (phone, region, metric).
    struct PooledSample {
        var phone: String
        var region: String?
        var metric: ClaimMetric
        var samples: [Double]
        /// `alice / store — exitLatencyFromLastPacket`.
        var title: String { "\(phone)\(region.map { " / \($0)" } ?? "") — \(metric.rawValue)" }
    }

    /// Pooled latency samples per (phone, region, metric), in a fixed order.
    static func pooled(_ records: [ReplicationRecord]) -> [PooledSample] {
        var order: [PooledSample] = []
        var index: [String: Int] = [:]
        for record in records.sorted(by: { ($0.point, $0.replication) < ($1.point, $1.replication) }) {
            for entry in record.metrics {
                for metric in ClaimMetric.allCases where metric.isLatency {
                    guard let values = entry.latencies[metric], !values.isEmpty else { continue }
                    let pooled = PooledSample(phone: entry.phone, region: entry.region, metric: metric, samples: [])
                    let at =
                        index[pooled.title]
                        ?? {
                            order.append(pooled)
                            index[pooled.title] = order.count - 1
                            return order.count - 1
                        }()
                    order[at].samples += values
                }
            }
        }
        return order
    }

    /// Histograms and CDFs of the pooled latencies, each with the bounds of the claims about it.
    static func latencyFigures(_ records: [ReplicationRecord], claims: [ClaimRow] = []) -> [String] {
        pooled(records).map { pooled in
            DistributionFigure.histogramAndCDF(
                title: pooled.title, samples: pooled.samples,
                thresholds: claims.flatMap {
                    $0.thresholds(metric: pooled.metric.rawValue, phone: pooled.phone, region: pooled.region)
                })
        }
    }

    /// Per latency, one CDF per sweep point: the colour of the point's series (as in the claim
    /// figures), the dash pattern of its value of the first swept parameter. A sweep of one
    /// parameter has one series, so its values take the palette's colours (dashed after ten).
    static func latencyCDFsPerPoint(_ records: [ReplicationRecord], sweep: SweepJSON, series: SweepSeries) -> [String] {
        let points = sweep.points ?? []
        let dashes = ["", "8,4", "2,3", "10,3,2,3", "4,4", "1,2"]
        let styles = points.map { point -> (label: String, colour: String, dash: String) in
            let values = series.values(of: point)
            let label = zip(series.axes, values).map { "\($0.path)=\($1)" }.joined(separator: " ")
            let column = series.axes.first?.values.firstIndex(of: values.first ?? "") ?? 0
            guard series.axes.count > 1 else {
                let palette = DistributionFigure.palette
                return (label, palette[column % palette.count], dashes[column / palette.count % dashes.count])
            }
            return (label, series.colour(of: values), dashes[column % dashes.count])
        }
        let byPoint = Dictionary(grouping: records, by: \.point)
        var keys: [String] = []
        var curves: [String: [DistributionFigure.Curve]] = [:]
        for point in byPoint.keys.sorted() {
            for pooled in pooled(byPoint[point] ?? []) {
                let key = pooled.title
                if curves[key] == nil { keys.append(key) }
                let style = styles.indices.contains(point) ? styles[point] : ("point \(point)", "#777", "")
                curves[key, default: []].append(
                    DistributionFigure.Curve(label: style.0, samples: pooled.samples, colour: style.1, dash: style.2))
            }
        }
        return keys.map { DistributionFigure.overlaidCDFs(title: $0, curves: curves[$0] ?? []) }
    }

    /// The claim conditions of a check.json or a run's claims.json; nil when there is no such file.
    static func claimRows(_ text: String?) -> [ClaimRow]? {
        guard let text, let check = try? CheckJSON.decode(Data(text.utf8)) else { return nil }
        return ClaimRow.rows(check.claims)
    }

    static func latencyFiguresOfRun(_ metrics: MetricsJSON?, claims: [ClaimRow] = []) -> [String] {
        (metrics?.regions ?? []).flatMap { entry -> [String] in
            let (phone, region) = (entry.phone ?? "?", entry.region)
            let subject = "\(phone)\(region.map { " / \($0)" } ?? "")"
            let latencies = entry.latencies ?? [:]
            return ClaimMetric.allCases.filter(\.isLatency).compactMap { metric in
                guard let samples = latencies[metric.rawValue]?.samples, !samples.isEmpty else { return nil }
                return DistributionFigure.histogramAndCDF(
                    title: "\(subject) — \(metric.rawValue)", samples: samples,
                    thresholds: claims.flatMap { $0.thresholds(metric: metric.rawValue, phone: phone, region: region) })
            }
        }
    }

    static func html(title: String, manifest: ManifestFacts?, sections: [(String, [String])]) -> String {
        let facts = (manifest?.table ?? []).map { key, value in
            "<tr><th>\(key)</th><td>\(Escaping.htmlText(value.description))</td></tr>"
        }
        var parts = [
            "<!DOCTYPE html>", "<html lang=\"en\"><head><meta charset=\"utf-8\">",
            "<title>\(Escaping.htmlText(title))</title>",
            "<style>body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;margin:24px;color:#222}"
                + "h1{font-size:20px}h2{font-size:16px;margin-top:28px}table{border-collapse:collapse;font-size:12px}"
                + "th{text-align:left;padding:2px 12px 2px 0;color:#555}td{font-family:monospace}figure{margin:12px 0}"
                + ".fp-controls input{width:600px;vertical-align:middle}.fp-state td{padding:2px 12px 2px 0}"
                + ".fp-legend{font-size:12px;color:#555}" + ClaimTable.style + ComparisonSection.style + "</style>",
            "</head><body>", "<h1>\(Escaping.htmlText(title))</h1>", "<table>\(facts.joined())</table>",
        ]
        for (heading, figures) in sections {
            parts.append("<h2>\(Escaping.htmlText(heading))</h2>")
            parts += figures.isEmpty ? ["<p>nothing to show</p>"] : figures.map { "<figure>\n\($0)\n</figure>" }
        }
        parts.append("<p><small>beaconsim report — figures are inline SVG; hover a mark for its value.</small></p>")
        parts.append("</body></html>")
        return parts.joined(separator: "\n") + "\n"
    }
}
