// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The per-phone timeline of a run, drawn from timeline.jsonl records: ground-truth zone bars,
/// the app's state, the OS's region state (`osRegionState`) and the app's callbacks per region,
/// notifications, lost callbacks, and beacon power changes as dashed lines, on one time axis.
enum TimelineFigure {
    /// One timeline.jsonl record, as read back.
    typealias Record = TimelineLine

    static let appColours = [
        "notRunning": "#e0e0e0", "suspended": "#9ecae1", "background": "#4292c6", "foreground": "#08306b",
    ]
    static let regionColours = ["inside": "#31a354", "outside": "#d9f0d3", "unknown": "#bdbdbd"]
    static let left = 170.0
    static let width = 1000.0
    static let row = 24.0

    /// The records of `text`, the timeline.jsonl at `path` (named in the error of a line that is not one).
    static func parse(_ text: String, path: String) throws -> [Record] { try TimelineLine.decode(text, path: path) }

    /// What the figures know besides the timeline: each (phone, region)'s zone and the zone visits
    /// its metrics counted as missed entries (metrics.json), to mark them, and each iBeacon's name
    /// by `UUID major minor` (plan.json), to name the nearest ranged beacon.
    struct Context {
        var zones: [String: String] = [:]
        var beaconNames: [String: String] = [:]
        /// Each (phone, region)'s missed entries: the visits the metrics counted (never re-derived
        /// here, so the report and the metrics cannot disagree).
        var missedVisits: [String: [(entry: Double, exit: Double)]] = [:]

        /// From a run's metrics.json (`regions`: phone, region, zone, `counts.missedEntries.visits`).
        init(metrics: MetricsJSON?, plan: FloorPlanData?) {
            for entry in metrics?.regions ?? [] {
                guard let phone = entry.phone, let region = entry.region, let zone = entry.zone else { continue }
                zones["\(phone)\u{1F}\(region)"] = zone
                missedVisits["\(phone)\u{1F}\(region)"] = entry.counts?["missedEntries"]?.visits?.map {
                    ($0.zoneEntered, $0.zoneExited)
                }
            }
            for beacon in plan?.beacons ?? [] { if let identity = beacon.identity { beaconNames[identity] = beacon.name } }
        }

        init() {}

        func zone(phone: String, region: String) -> String? { zones["\(phone)\u{1F}\(region)"] }

        /// The zone visits the metrics counted as missed entries of `region` for `phone`.
        func missedEntries(phone: String, region: String) -> [(entry: Double, exit: Double)] {
            missedVisits["\(phone)\u{1F}\(region)"] ?? []
        }
    }

    /// One SVG per phone, in order of first appearance.
    static func svgs(_ records: [Record], duration: Double, context: Context = Context()) -> [(phone: String, svg: String)] {
        var phones: [String] = []
        for record in records { if let phone = record.phone, !phones.contains(phone) { phones.append(phone) } }
        let power = records.filter { $0.phone == nil && $0.event.hasPrefix("beaconPower") }
        return phones.map { phone in
            (
                phone,
                svg(
                    phone: phone, records: records.filter { $0.phone == phone }, power: power, duration: duration,
                    context: context)
            )
        }
    }

    /// The tooltip of an exit the OS decided but never delivered.
    static func undeliveredExplanation(region: String, at t: Double) -> String {
        "exitNotDelivered \(region) at \(SVG.label(t)) s: the OS decided the phone left the region but never told the app "
            + "(the profile's missed-exit probability: the exit is lost, not late); the metrics count it as a missed exit"
    }

    /// The text of a ranging callback's tooltip: how many beacons, and the nearest (CoreLocation's
    /// first, the one `wrongNearest` compares) with its name, RSSI, accuracy and proximity.
    static func rangingLabel(_ record: Record, context: Context) -> String {
        let beacons = record.beacons ?? []
        guard let nearest = beacons.first, let name = nearestName(record, context: context) else {
            return "didRangeBeacons at \(SVG.label(record.t)) s: no beacons"
        }
        let accuracy = nearest.accuracy.map(SVG.label) ?? "?"
        return
            "didRangeBeacons at \(SVG.label(record.t)) s: \(beacons.count) beacon\(beacons.count == 1 ? "" : "s"); nearest \(name) "
            + "(\(nearest.rssi) dBm, \(accuracy) m, \(nearest.proximity))"
    }

    /// The name of a ranging callback's nearest beacon (CoreLocation's first): the plan's name of
    /// its identity, else its major and minor; nil when the callback ranged no beacon.
    static func nearestName(_ record: Record, context: Context) -> String? {
        guard let nearest = record.beacons?.first else { return nil }
        let identity = "\(nearest.uuid) \(nearest.major) \(nearest.minor)"
        return context.beaconNames[identity] ?? "major \(nearest.major) minor \(nearest.minor)"
    }

    /// The drawn OS delay behind a callback at `t` for `region`, as a tooltip suffix.
    static func delayNote(_ delays: [Record], region: String, t: Double) -> String {
        guard let delay = delays.first(where: { $0.string("region") == region && abs($0.t - t) < 1e-9 }) else { return "" }
        let seconds = delay.number("delay").map(SVG.label) ?? "?"
        return "; after a \(delay.string("kind") ?? "delay") of \(seconds) s drawn from \(delay.string("distribution") ?? "?")"
            + (delay.number("jobStart").map { " (the scan job that decided it started at \(SVG.label($0)) s)" } ?? "")
            + (delay.number("scanStart").map { scan in
                " (the phone's periodic background scans sit at that phase: the scan that decided it started at "
                    + "\(SVG.label(scan)) s" + (delay.number("lastScanEnd").map { ", none since \(SVG.label($0)) s" } ?? "") + ")"
            } ?? "")
    }

    /// Where an `osDelayDrawn` record's band lies (s): the hardware filter's delay ends at the
    /// decision, a scan job's where the job started; a drawn phase's band is the stretch without a
    /// scan before the scan that decided (`lastScanEnd`…`scanStart`).
    static func delaySpan(_ record: Record) -> (from: Double, to: Double) {
        let seconds = record.number("delay") ?? 0
        if let scan = record.number("scanStart") { return (record.number("lastScanEnd") ?? scan, scan) }
        let ends = record.number("jobStart") ?? record.t
        return (ends - seconds, ends)
    }

    static func svg(phone: String, records: [Record], power: [Record], duration: Double, context: Context = Context()) -> String {
        let end = max(duration, records.last?.t ?? 0, 1)
        var zones: [String] = []
        var regions: [String] = []
        for record in records {
            if let zone = record.string("zone"), !zones.contains(zone) { zones.append(zone) }
            if let region = record.string("region"), !regions.contains(region) { regions.append(region) }
        }
        let rows =
            zones.map { "zone \($0)" } + ["app state"] + regions.flatMap { ["OS region \($0)", "callbacks \($0)"] } + [
                "notifications"
            ]
        let top = 30.0
        let plotBottom = top + Double(rows.count) * row
        var svg = SVG(width: width, height: plotBottom + 96)
        let x = { (t: Double) in left + t / end * (width - left - 20) }
        svg.text(10, 18, "\(phone): timeline (s)", weight: "bold")
        for (index, name) in rows.enumerated() {
            let y = top + Double(index) * row
            if index % 2 == 0 { svg.rect(left, y, width - left - 20, row, fill: "#fafafa") }
            svg.text(left - 8, y + row / 2 + 4, name, anchor: "end", size: 11)
        }
        func rowY(_ name: String) -> Double { top + Double(rows.firstIndex(of: name) ?? 0) * row }
        // Zones: bars from entry to exit.
        for zone in zones {
            var entered: Double?
            for record in records where record.string("zone") == zone {
                if record.event == "zoneEntered" { entered = record.t }
                if record.event == "zoneExited", let start = entered {
                    svg.rect(
                        x(start), rowY("zone \(zone)") + 4, x(record.t) - x(start), row - 8, fill: "#fd8d3c",
                        title: "in \(zone) \(SVG.label(start))–\(SVG.label(record.t)) s")
                    entered = nil
                }
            }
            if let start = entered {
                svg.rect(x(start), rowY("zone \(zone)") + 4, x(end) - x(start), row - 8, fill: "#fd8d3c")
            }
        }
        // App state and OS region state: segments between changes.
        segments(records.filter { $0.event == "appStateChanged" }.map { ($0.t, $0.string("to") ?? "?") }, end: end) {
            start, stop, state in
            svg.rect(
                x(start), rowY("app state") + 3, x(stop) - x(start), row - 6, fill: appColours[state] ?? "#999",
                title: "\(state) \(SVG.label(start))–\(SVG.label(stop)) s")
        }
        let delays = records.filter { $0.event == "osDelayDrawn" }
        for region in regions {
            let changes = records.filter { $0.event == "osRegionState" && $0.string("region") == region }.map {
                ($0.t, $0.string("state") ?? "?")
            }
            segments(changes, end: end) { start, stop, state in
                svg.rect(
                    x(start), rowY("OS region \(region)") + 3, x(stop) - x(start), row - 6,
                    fill: regionColours[state] ?? "#999",
                    title: "OS: \(state) \(SVG.label(start))–\(SVG.label(stop)) s")
            }
            let y = rowY("callbacks \(region)") + row / 2
            if let zone = context.zone(phone: phone, region: region) {
                for visit in context.missedEntries(phone: phone, region: region) {
                    let at = x(visit.exit)
                    svg.polyline(
                        [(at, y - 8), (at - 6, y + 6), (at + 6, y + 6)], stroke: "#737373", fill: "white", closed: true,
                        title: "missed entry: zone \(zone) visited \(SVG.label(visit.entry))–\(SVG.label(visit.exit)) s "
                            + "and the app was never told it entered \(region)", dash: "2,2")
                }
            }
            for record in records where record.string("region") == region {
                let at = x(record.t)
                var title = "\(record.label) at \(SVG.label(record.t)) s"
                if record.drawnAs == "didEnterRegion" || record.drawnAs == "didExitRegion" {
                    title += delayNote(delays, region: region, t: record.t)
                }
                switch record.drawnAs {
                case "didEnterRegion":
                    svg.polyline(
                        [(at, y - 8), (at - 6, y + 6), (at + 6, y + 6)], stroke: "#006d2c", fill: "#31a354",
                        closed: true, title: title)
                case "didExitRegion":
                    svg.polyline(
                        [(at, y + 8), (at - 6, y - 6), (at + 6, y - 6)], stroke: "#a50f15", fill: "#ef3b2c",
                        closed: true, title: title)
                case "didDetermineState": svg.circle(at, y, r: 3.5, fill: "#6a51a3", title: title)
                case "didRangeBeacons":
                    svg.rect(at - 0.5, y - 10, 1.5, 6, fill: "#969696", title: rangingLabel(record, context: context))
                case "osDelayDrawn":
                    let span = delaySpan(record)
                    svg.rect(
                        x(span.from), y + 7, x(span.to) - x(span.from), 3, fill: "#9e9ac8",
                        title: RSSIStripFigure.delayTitle(record, region: region))
                case "callbackLost", "exitNotDelivered", "monitoringRejected":
                    let explanation =
                        record.event == "exitNotDelivered"
                        ? undeliveredExplanation(region: region, at: record.t)
                        : "\(record.event) \(record.string("callback") ?? "") at \(SVG.label(record.t)) s: "
                            + (record.string("reason") ?? "")
                    svg.raw(
                        "<g><title>\(SVG.escapeText(explanation))</title><rect x=\"\(SVG.n(at - 6))\" y=\"\(SVG.n(y - 6))\" "
                            + "width=\"12\" height=\"12\" fill=\"white\" opacity=\"0\"/>"
                            + "<path d=\"M\(SVG.n(at - 5)),\(SVG.n(y - 5))L\(SVG.n(at + 5)),\(SVG.n(y + 5))M\(SVG.n(at - 5)),"
                            + "\(SVG.n(y + 5))L\(SVG.n(at + 5)),\(SVG.n(y - 5))\" stroke=\"#cb181d\" stroke-width=\"2\"/></g>")
                default: break
                }
            }
        }
        let ny = rowY("notifications") + row / 2
        for record in records where record.event == "notificationPosted" {
            let at = x(record.t)
            svg.polyline(
                [(at, ny - 7), (at + 7, ny), (at, ny + 7), (at - 7, ny)], stroke: "#b15928", fill: "#ffd92f",
                closed: true,
                title: "notification at \(SVG.label(record.t)) s: \(record.string("body") ?? "")")
        }
        for record in power {
            svg.line(
                x(record.t), top, x(record.t), plotBottom,
                stroke: record.event == "beaconPowerOff" ? "#cb181d" : "#238b45", dash: "4,3")
        }
        svg.xAxis(y: plotBottom, x0: left, x1: width - 20, domain: 0...end, label: "simulated time (s)")
        legend(&svg, y: plotBottom + 60)
        return svg.text
    }

    /// Calls `draw(start, stop, state)` for each constant stretch of a state sequence.
    static func segments(_ changes: [(Double, String)], end: Double, draw: (Double, Double, String) -> Void) {
        for (index, change) in changes.enumerated() {
            let stop = index + 1 < changes.count ? changes[index + 1].0 : end
            if stop > change.0 || index + 1 == changes.count { draw(change.0, stop, change.1) }
        }
    }

    static func legend(_ svg: inout SVG, y: Double) {
        var x = 10.0
        let items: [(String, String)] = [
            ("zone (truth)", "#fd8d3c"), ("suspended", appColours["suspended"] ?? ""),
            ("background", appColours["background"] ?? ""),
            ("foreground", appColours["foreground"] ?? ""), ("OS inside", regionColours["inside"] ?? ""),
            ("OS outside", regionColours["outside"] ?? ""),
        ]
        for (name, colour) in items {
            svg.rect(x, y - 10, 12, 12, fill: colour, stroke: "#666")
            svg.text(x + 16, y, name, size: 10)
            x += 28 + Double(name.count) * 6
        }
        svg.text(
            x, y,
            "▲ didEnter  △ missed entry  ▼ didExit  ● didDetermineState  | ranging (hover: nearest beacon)  "
                + "▬ OS delay drawn  ◆ notification", size: 10)
        svg.text(
            10, y + 16,
            "✕ a callback the app never received: exitNotDelivered (the OS decided the exit and never told the app), "
                + "callbackLost, monitoringRejected — hover for why", size: 10)
    }
}
