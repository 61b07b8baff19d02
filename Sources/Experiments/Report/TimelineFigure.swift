// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The per-phone timeline of a run, drawn from timeline.jsonl records: ground-truth zone bars,
/// the app's state, the OS's region state (`osRegionState`) and the app's callbacks per region,
/// notifications, lost callbacks, and beacon power changes as dashed lines, on one time axis.
enum TimelineFigure {
    /// One timeline.jsonl record, as read back.
    struct Record {
        var t: Double
        var phone: String?
        var event: String
        var fields: [String: Any]
        func string(_ key: String) -> String? { fields[key] as? String }
    }

    static let appColours = [
        "notRunning": "#e0e0e0", "suspended": "#9ecae1", "background": "#4292c6", "foreground": "#08306b",
    ]
    static let regionColours = ["inside": "#31a354", "outside": "#d9f0d3", "unknown": "#bdbdbd"]
    static let left = 170.0
    static let width = 1000.0
    static let row = 24.0

    static func parse(_ text: String) -> [Record] {
        text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let t = (object["t"] as? NSNumber)?.doubleValue, let event = object["event"] as? String
            else { return nil }
            return Record(t: t, phone: object["phone"] as? String, event: event, fields: object)
        }
    }

    /// One SVG per phone, in order of first appearance.
    static func svgs(_ records: [Record], duration: Double) -> [(phone: String, svg: String)] {
        var phones: [String] = []
        for record in records { if let phone = record.phone, !phones.contains(phone) { phones.append(phone) } }
        let power = records.filter { $0.phone == nil && $0.event.hasPrefix("beaconPower") }
        return phones.map { phone in
            (phone, svg(phone: phone, records: records.filter { $0.phone == phone }, power: power, duration: duration))
        }
    }

    static func svg(phone: String, records: [Record], power: [Record], duration: Double) -> String {
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
        var svg = SVG(width: width, height: plotBottom + 80)
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
            for record in records where record.string("region") == region {
                let at = x(record.t)
                let title = "\(record.label) at \(SVG.label(record.t)) s"
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
                case "didRangeBeacons": svg.line(at, y - 9, at, y - 5, stroke: "#969696")
                case "callbackLost", "exitNotDelivered", "monitoringRejected":
                    svg.line(at - 5, y - 5, at + 5, y + 5, stroke: "#cb181d", width: 2)
                    svg.line(at - 5, y + 5, at + 5, y - 5, stroke: "#cb181d", width: 2)
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
        svg.text(x, y, "▲ didEnter  ▼ didExit  ● didDetermineState  | ranging  ◆ notification  ✕ lost", size: 10)
    }
}
