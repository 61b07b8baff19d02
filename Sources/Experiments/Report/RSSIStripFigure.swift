// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation

/// The picture that explains "latency from last packet": for one phone, the mean RSSI of each
/// beacon it heard, second by second (track.jsonl), against simulated time, with the receiver's
/// sensitivity (plan.json) as a dashed line, the zone visits shaded, and per region the last packet
/// before each exit, the OS delay drawn for it (`osDelayDrawn`), the moment the OS declared the exit
/// (`osRegionState` outside) and the didExitRegion the app received — or the ✕ of an exit the OS
/// never delivered. Hover a line or mark for its values.
enum RSSIStripFigure {
    static let left = 170.0
    static let width = 1000.0

    static func svg(
        track: FloorPlanData.Track, phone: FloorPlanData.Phone?, records: [TimelineFigure.Record], duration: Double
    ) -> String? {
        var order: [String] = []
        for sample in track.heard { for heard in sample where !order.contains(heard.beacon) { order.append(heard.beacon) } }
        guard !order.isEmpty else { return nil }
        let end = max(duration, track.times.last ?? 0, 1)
        let values = track.heard.flatMap { $0.map(\.rssi) } + [phone?.sensitivity].compactMap { $0 }
        let low = ((values.min() ?? -100) - 3).rounded(.down)
        let high = ((values.max() ?? -40) + 3).rounded(.up)
        let (top, plotHeight) = (30.0, 180.0)
        let bottom = top + plotHeight
        let legendRows = (order.count + 3) / 4
        var svg = SVG(width: width, height: bottom + 56 + 16 * Double(legendRows + 1))
        let x = { (t: Double) in left + t / end * (width - left - 20) }
        let y = { (rssi: Double) in bottom - (rssi - low) / max(high - low, 1) * plotHeight }
        svg.text(10, 18, "\(track.phone): RSSI of each beacon heard (mean per second)", weight: "bold")
        svg.rect(left, top, width - left - 20, plotHeight, fill: "#fafafa")
        // Zone visits (ground truth) shaded behind the lines.
        var entered: [String: Double] = [:]
        for record in records {
            guard let zone = record.string("zone") else { continue }
            if record.event == "zoneEntered" { entered[zone] = record.t }
            if record.event == "zoneExited", let start = entered.removeValue(forKey: zone) {
                svg.rect(
                    x(start), top, x(record.t) - x(start), plotHeight, fill: "#fde9d9",
                    title: "in zone \(zone) \(SVG.label(start))–\(SVG.label(record.t)) s")
            }
        }
        for (zone, start) in entered.sorted(by: { $0.value < $1.value }) {
            svg.rect(
                x(start), top, x(end) - x(start), plotHeight, fill: "#fde9d9", title: "in zone \(zone) from \(SVG.label(start)) s"
            )
        }
        if let sensitivity = phone?.sensitivity {
            svg.line(left, y(sensitivity), width - 20, y(sensitivity), stroke: "#cb181d", width: 1.2, dash: "6,3")
            svg.text(
                width - 22, y(sensitivity) - 4, "sensitivity \(SVG.label(sensitivity)) dBm", anchor: "end", size: 10,
                fill: "#cb181d")
        }
        for (index, beacon) in order.enumerated() {
            let colour = DistributionFigure.palette[index % DistributionFigure.palette.count]
            var run: [(Double, Double)] = []
            var previous: Double?
            func flush() {
                if run.count == 1, let point = run.first {
                    svg.circle(point.0, point.1, r: 1.8, fill: colour, title: beacon)
                } else if run.count > 1 {
                    svg.polyline(run, stroke: colour, width: 1.4, title: beacon)
                }
                run = []
            }
            for (sample, t) in zip(track.heard, track.times) {
                guard let heard = sample.first(where: { $0.beacon == beacon }) else {
                    flush()
                    continue
                }
                // A gap of more than one sample (the beacon not heard in between) breaks the line.
                if let previous, t - previous > 1.5 { flush() }
                run.append((x(t), y(heard.rssi)))
                previous = t
            }
            flush()
        }
        drawExits(&svg, records: records, x: x, top: top, bottom: bottom)
        svg.xAxis(y: bottom, x0: left, x1: width - 20, domain: 0...end, label: "simulated time (s)")
        svg.yAxis(x: left, y0: bottom, y1: top, domain: low...high, label: "RSSI (dBm)")
        var legendY = bottom + 56
        for (index, beacon) in order.enumerated() {
            let colour = DistributionFigure.palette[index % DistributionFigure.palette.count]
            let column = Double(index % 4)
            if index > 0, index % 4 == 0 { legendY += 16 }
            svg.line(left + column * 200, legendY - 4, left + column * 200 + 20, legendY - 4, stroke: colour, width: 2)
            svg.text(left + column * 200 + 26, legendY, beacon, size: 10)
        }
        svg.text(
            10, legendY + 16,
            "grey dotted: last packet before an exit · purple band: OS delay drawn · red dashed: the OS declared the exit "
                + "· ▼ didExitRegion · ✕ exit the OS never delivered · shaded: in the zone",
            size: 10, fill: "#555")
        return svg.text
    }

    /// Per exit: the last packet, the drawn delay, the OS's decision and what the app was told.
    static func drawExits(
        _ svg: inout SVG, records: [TimelineFigure.Record], x: (Double) -> Double, top: Double, bottom: Double
    ) {
        var exitLabels = 0
        for record in records {
            let region = record.string("region") ?? ""
            switch record.drawnAs {
            case "osDelayDrawn":
                let seconds = record.number("seconds") ?? 0
                svg.rect(
                    x(record.t - seconds), top, x(record.t) - x(record.t - seconds), 6, fill: "#9e9ac8",
                    title: "\(region): \(record.string("delay") ?? "delay") \(SVG.label(seconds)) s drawn from "
                        + (record.string("distribution") ?? "?"))
            case "osRegionState" where record.string("state") == "outside" && record.string("reason") == "transition":
                svg.line(x(record.t), top, x(record.t), bottom, stroke: "#cb181d", width: 1.2, dash: "4,3")
                // Staggered, so the labels of exits close in time do not overprint.
                exitLabels += 1
                svg.text(x(record.t) + 3, top + 14 + Double(exitLabels % 4) * 10, "OS: \(region) exit", size: 9, fill: "#cb181d")
            case "didExitRegion":
                if let last = record.number("lastPacketAt") {
                    svg.line(x(last), top, x(last), bottom, stroke: "#737373", width: 1.2, dash: "1,3")
                }
                let at = x(record.t)
                svg.polyline(
                    [(at, bottom - 2), (at - 6, bottom - 14), (at + 6, bottom - 14)], stroke: "#a50f15", fill: "#ef3b2c",
                    closed: true,
                    title: "didExitRegion \(region) at \(SVG.label(record.t)) s"
                        + (record.number("lastPacketAt").map {
                            ", \(SVG.label(record.t - $0)) s after the last packet"
                        } ?? ""))
            case "exitNotDelivered":
                if let last = record.number("lastPacketAt") {
                    svg.line(x(last), top, x(last), bottom, stroke: "#737373", width: 1.2, dash: "1,3")
                }
                let (at, y) = (x(record.t), bottom - 8)
                svg.raw(
                    "<g><title>\(SVG.escapeText(TimelineFigure.undeliveredExplanation(region: region, at: record.t)))</title>"
                        + "<path d=\"M\(SVG.n(at - 5)),\(SVG.n(y - 5))L\(SVG.n(at + 5)),\(SVG.n(y + 5))M\(SVG.n(at - 5)),"
                        + "\(SVG.n(y + 5))L\(SVG.n(at + 5)),\(SVG.n(y - 5))\" stroke=\"#cb181d\" stroke-width=\"2\"/></g>")
            default: break
            }
        }
    }
}
