// SPDX-License-Identifier: GPL-3.0-or-later
internal import Foundation
internal import Reporting

/// The run report's floor plan: per floor the venue (walls, zones, beacons) with metre axes and a
/// scale bar, each phone's walk, a marker where each callback fired (▲ didEnterRegion, ▼
/// didExitRegion, ● didDetermineState, ◆ notification), and a time slider (with play) that moves
/// each phone along its walk and shows, at that instant, its app state, the OS's state of each
/// region and the beacons it heard with their RSSI — highlighted on the plan; missed entries and
/// undelivered exits marked where they happened (`drawMissed`). One phone is selected, and the RSSI
/// strips under the plan (`RSSIStripFigure`) show it. Self-contained: inline SVG, the data as JSON
/// once and a small script (`FloorPlanScript`); no network. `#t=SECONDS` (and `&phone=INDEX`) in the
/// page address opens it at that time (and phone).
enum FloorPlanFigure {
    struct Geometry {
        var k: Double
        var left: Double
        var top: Double
        var height: Double
        var block: Double

        /// Pixel coordinates of plan point (x, y) on `floor`.
        func point(_ x: Double, _ y: Double, floor: Int) -> (Double, Double) {
            (left + x * k, top + Double(floor) * block + (height - y) * k)
        }
    }

    static func geometry(_ plan: FloorPlanData) -> Geometry {
        let k = min(40, max(2, min(860 / max(plan.width, 1), 460 / max(plan.height, 1))))
        return Geometry(
            k: k, left: PlanAxes.leftMargin + 12, top: 40, height: plan.height,
            block: plan.height * k + 40 + PlanAxes.bottomMargin)
    }

    /// The floor plan's figure, and the RSSI strips' figure with the data and script of both.
    static func html(
        _ plan: FloorPlanData, timeline: [TimelineFigure.Record], context: TimelineFigure.Context, duration: Double
    ) -> (plan: String, strips: String) {
        let g = geometry(plan)
        let end = max(duration, timeline.last?.t ?? 0, plan.tracks.compactMap { $0.times.last }.max() ?? 0, 1)
        let width = g.left + plan.width * g.k + 30
        var svg = SVG(width: width, height: g.block * Double(plan.floorCount) + 10)
        for floor in 0..<plan.floorCount { drawFloor(plan, floor: floor, geometry: g, into: &svg) }
        for (index, track) in plan.tracks.enumerated() { drawWalk(track, colour: colour(index), geometry: g, into: &svg) }
        let regions = regionOrder(timeline)
        for record in timeline { drawCallback(record, plan: plan, regions: regions, geometry: g, into: &svg) }
        drawMissed(plan, timeline: timeline, context: context, end: end, geometry: g, into: &svg)
        for (index, beacon) in plan.beacons.enumerated() {
            let (x, y) = g.point(beacon.position.0, beacon.position.1, floor: beacon.floor)
            svg.raw(
                "<circle id=\"fp-heard-\(index)\" cx=\"\(SVG.n(x))\" cy=\"\(SVG.n(y))\" r=\"13\" fill=\"none\" "
                    + "stroke=\"#ff7f0e\" stroke-width=\"3\" opacity=\"0\"/>")
        }
        for (index, track) in plan.tracks.enumerated() {
            let start = track.points.first.map { g.point($0.x, $0.y, floor: $0.floor) } ?? (0, 0)
            svg.raw(
                "<g id=\"fp-phone-\(index)\" class=\"fp-phone\" transform=\"translate(\(SVG.n(start.0)),\(SVG.n(start.1)))\" "
                    + "cursor=\"pointer\"><circle id=\"fp-ring-\(index)\" r=\"12\" fill=\"none\" stroke=\"#ff7f0e\" "
                    + "stroke-width=\"3\" opacity=\"0\"/><circle r=\"7\" fill=\"\(colour(index))\" stroke=\"#fff\" stroke-width=\"2\"/>"
                    + "<text x=\"10\" y=\"-8\" font-size=\"12\" font-weight=\"bold\" fill=\"\(colour(index))\" stroke=\"#fff\" "
                    + "stroke-width=\"3\" paint-order=\"stroke\">\(SVG.escapeText(track.phone))</text></g>")
        }
        let last = plan.tracks.map { $0.times.count }.max() ?? 1
        let figure = """
            <div class="floor-plan">
            <p class="fp-controls"><label>phone <select id="fp-select"></select></label> <button type="button" id="fp-play">▶ play</button> \
            <input type="range" id="fp-time" min="0" max="\(max(0, last - 1))" step="1" value="0" aria-label="simulated time"> \
            <output id="fp-clock">0 s</output></p>
            \(svg.text)
            <table class="fp-state"><thead><tr><th>phone</th><th>app state</th><th>OS region state</th>\
            <th>beacons heard in the last second (mean RSSI)</th><th>nearest ranged beacon</th></tr></thead><tbody id="fp-state"></tbody></table>
            <p class="fp-legend">▲ didEnterRegion &nbsp; ▼ didExitRegion (outline: entry green, exit red; fill and label: \
            the region) &nbsp; ● didDetermineState &nbsp; ◆ notification \
            &nbsp; dashed △: missed entry &nbsp; ✕: exit the OS never delivered &nbsp; orange ring: beacon heard at \
            the slider's time, or the selected phone (click a phone or its row to select it) &nbsp; hover a marker for \
            its time and why</p>
            \(regionLegend(regions))
            </div>
            """
        let data = data(plan, timeline: timeline, context: context, end: end, geometry: g)
        let strips = """
            \(RSSIStripFigure.html)
            <script type="application/json" id="fp-data">\(Escaping.scriptJSON(data))</script>
            <script>\(FloorPlanScript.source)</script>
            """
        return (figure, strips)
    }

    /// The phone's ranged nearest beacon over time (the one `wrongNearest` compares), as changes:
    /// the nearest of each ranging callback (`no beacons` when it ranged none), and `not ranging`
    /// from `rangingGap` after a callback not followed by another within that gap.
    static func nearestChanges(_ records: [TimelineFigure.Record], context: TimelineFigure.Context)
        -> [(t: Double, name: String)]
    {
        let callbacks = records.filter { $0.event == "didRangeBeacons" }
        var changes: [(t: Double, name: String)] = []
        for (index, record) in callbacks.enumerated() {
            let name = TimelineFigure.nearestName(record, context: context) ?? "no beacons"
            if changes.last?.name != name { changes.append((record.t, name)) }
            let next = index + 1 < callbacks.count ? callbacks[index + 1].t : Double.infinity
            if next - record.t > rangingGap { changes.append((record.t + rangingGap, "not ranging")) }
        }
        return changes
    }

    /// Ranging callbacks come once a second (behaviour.md §1.3: iOS ranging callback rate 1 Hz,
    /// grade H); a pause of two periods means the app stopped ranging or was suspended (a display
    /// rule of thumb of this report, not a measured figure).
    static let rangingGap = 2.0

    static func colour(_ index: Int) -> String { DistributionFigure.palette[index % DistributionFigure.palette.count] }

    /// The regions of the callbacks, in order of first appearance: each marker's fill colour.
    static func regionOrder(_ timeline: [TimelineFigure.Record]) -> [String] {
        var regions: [String] = []
        for record in timeline where ["didEnterRegion", "didExitRegion"].contains(record.drawnAs) {
            if let region = record.string("region"), !regions.contains(region) { regions.append(region) }
        }
        return regions
    }

    /// A region's marker colour (a muted palette apart from the phones' colours).
    static func regionColour(_ index: Int) -> String {
        let palette = [
            "#a6cee3", "#b2df8a", "#fb9a99", "#fdbf6f", "#cab2d6", "#ffff99", "#8dd3c7", "#bebada", "#fccde5", "#d9d9d9",
            "#ccebc5", "#ffed6f",
        ]
        return palette[index % palette.count]
    }

    /// The legend of the region colours.
    static func regionLegend(_ regions: [String]) -> String {
        guard !regions.isEmpty else { return "" }
        let items = regions.enumerated().map { index, region in
            "<span style=\"display:inline-block;margin-right:12px\"><span style=\"display:inline-block;width:11px;height:11px;"
                + "background:\(regionColour(index));border:1px solid #555;vertical-align:middle\"></span> "
                + "\(SVG.escapeText(region))</span>"
        }
        return "<p class=\"fp-legend\">regions: " + items.joined() + "</p>"
    }

    static func drawFloor(_ plan: FloorPlanData, floor: Int, geometry g: Geometry, into svg: inout SVG) {
        let (left, top) = g.point(0, plan.height, floor: floor)
        let name =
            plan.floorNames.indices.contains(floor) && !plan.floorNames[floor].isEmpty ? " (\(plan.floorNames[floor]))" : ""
        svg.text(left, top - 14, plan.floorCount > 1 ? "floor \(floor)\(name)" : "floor plan", weight: "bold")
        svg.rect(left, top, plan.width * g.k, plan.height * g.k, fill: "#fcfcfc", stroke: "#333")
        for zone in plan.zones where zone.floor == floor {
            let points = zone.polygon.map { g.point($0.0, $0.1, floor: floor) }
            svg.polyline(points, stroke: "#e6550d", width: 1.5, fill: "#fdd0a2", closed: true, title: "zone \(zone.name)")
            if let first = points.first { svg.text(first.0 + 4, first.1 - 4, "zone \(zone.name)", size: 11, fill: "#a63603") }
        }
        for wall in plan.walls where wall.floor == floor {
            let a = g.point(wall.from.0, wall.from.1, floor: floor), b = g.point(wall.to.0, wall.to.1, floor: floor)
            svg.line(a.0, a.1, b.0, b.1, stroke: "#222", width: 3)
        }
        for beacon in plan.beacons where beacon.floor == floor {
            let (x, y) = g.point(beacon.position.0, beacon.position.1, floor: floor)
            svg.circle(x, y, r: 5, fill: "#d62728", title: "beacon \(beacon.name)")
            svg.text(x + 8, y + 4, beacon.name, size: 11)
        }
        svg.raw(PlanAxes.svg(width: plan.width, height: plan.height, pixelsPerMetre: g.k, left: left, top: top))
    }

    static func drawWalk(_ track: FloorPlanData.Track, colour: String, geometry g: Geometry, into svg: inout SVG) {
        var segment: [(Double, Double)] = []
        var floor = track.points.first?.floor ?? 0
        for point in track.points {
            if point.floor != floor {
                svg.polyline(segment, stroke: colour, width: 2, title: "\(track.phone)'s walk")
                (segment, floor) = ([], point.floor)
            }
            segment.append(g.point(point.x, point.y, floor: point.floor))
        }
        svg.polyline(segment, stroke: colour, width: 2, title: "\(track.phone)'s walk")
    }

    static func drawCallback(
        _ record: TimelineFigure.Record, plan: FloorPlanData, regions: [String] = [], geometry g: Geometry,
        into svg: inout SVG
    ) {
        let shapes = ["didEnterRegion", "didExitRegion", "didDetermineState", "notificationPosted"]
        guard shapes.contains(record.drawnAs), let track = plan.tracks.first(where: { $0.phone == record.phone }),
            let at = track.position(at: record.t)
        else { return }
        let (x, y) = g.point(at.x, at.y, floor: at.floor)
        let what = record.string("region") ?? record.string("body") ?? ""
        let title = "\(record.phone ?? "") \(record.label) \(what) at \(SVG.label(record.t)) s"
        let regionFill = record.string("region").flatMap { regions.firstIndex(of: $0) }.map(regionColour)
        switch record.drawnAs {
        case "didEnterRegion":
            svg.polyline(
                [(x, y - 9), (x - 7, y + 5), (x + 7, y + 5)], stroke: "#006d2c", width: 2, fill: regionFill ?? "#31a354",
                closed: true, title: title)
            svg.text(x + 8, y + 4, what, size: 9, fill: "#006d2c")
        case "didExitRegion":
            svg.polyline(
                [(x, y + 9), (x - 7, y - 5), (x + 7, y - 5)], stroke: "#a50f15", width: 2, fill: regionFill ?? "#ef3b2c",
                closed: true, title: title)
            svg.text(x + 8, y + 4, what, size: 9, fill: "#a50f15")
        case "didDetermineState": svg.circle(x, y, r: 4, fill: "#6a51a3", title: title)
        default:
            svg.polyline(
                [(x, y - 7), (x + 7, y), (x, y + 7), (x - 7, y)], stroke: "#b15928", fill: "#ffd92f", closed: true, title: title)
        }
    }

    /// The script's data: geometry, and per phone its samples, heard beacons and state changes, and
    /// for its RSSI strips its sensitivity, regions' beacons, zone visits and exit marks
    /// (`RSSIStripFigure`); the phone selected first; the time axis.
    static func data(
        _ plan: FloorPlanData, timeline: [TimelineFigure.Record], context: TimelineFigure.Context, end: Double,
        geometry g: Geometry
    ) -> String {
        let number = { (value: Double) in JSONText.number(value, decimals: 2) }
        let phones = plan.tracks.enumerated().map { index, track in
            let records = timeline.filter { $0.phone == track.phone }
            let receiver = plan.phones.first { $0.name == track.phone }
            let app = records.filter { $0.event == "appStateChanged" }.map {
                JSONText.array([number($0.t), JSONText.string($0.string("to") ?? "?")])
            }
            var regions: [(String, [String])] = []
            for record in records where record.event == "osRegionState" {
                guard let region = record.string("region") else { continue }
                let change = JSONText.array([number(record.t), JSONText.string(record.string("state") ?? "?")])
                if let at = regions.firstIndex(where: { $0.0 == region }) {
                    regions[at].1.append(change)
                } else {
                    regions.append((region, [change]))
                }
            }
            let nearest = nearestChanges(records, context: context).map {
                JSONText.array([number($0.t), JSONText.string($0.name)])
            }
            return JSONText.object([
                ("name", JSONText.string(track.phone)), ("colour", JSONText.string(colour(index))),
                ("t", JSONText.array(track.times.map(number))),
                ("x", JSONText.array(track.points.map { number($0.x) })),
                ("y", JSONText.array(track.points.map { number($0.y) })),
                ("floor", JSONText.array(track.points.map { String($0.floor) })),
                (
                    "heard",
                    JSONText.array(
                        track.heard.map { sample in
                            JSONText.array(
                                sample.map {
                                    JSONText.array([JSONText.string($0.beacon), number($0.rssi), String($0.packets)])
                                })
                        })
                ),
                ("app", JSONText.array(app)),
                ("regions", JSONText.object(regions.map { ($0.0, JSONText.array($0.1)) })),
                ("nearest", JSONText.array(nearest)),
                ("sensitivity", receiver?.sensitivity.map(number) ?? "null"),
                (
                    "regionBeacons",
                    JSONText.array(
                        (receiver?.regions ?? []).map {
                            JSONText.array([
                                JSONText.string($0.name), JSONText.array($0.beacons.map(JSONText.string)),
                                context.zone(phone: track.phone, region: $0.name).map(JSONText.string) ?? "null",
                            ])
                        })
                ),
                ("visits", JSONText.array(RSSIStripFigure.visits(records, end: end))),
                ("marks", JSONText.array(RSSIStripFigure.marks(records))),
            ])
        }
        // `</` never appears in JSON numbers or in escaped names that matter; guard anyway for the script tag.
        return JSONText.object([
            ("k", number(g.k)), ("left", number(g.left)), ("top", number(g.top)), ("height", number(g.height)),
            ("block", number(g.block)), ("beacons", JSONText.array(plan.beacons.map { JSONText.string($0.name) })),
            ("phones", JSONText.array(phones)),
            ("selected", String(RSSIStripFigure.defaultPhone(plan, timeline: timeline))),
            ("duration", number(end)), ("ticks", JSONText.array(SVG.ticks(0...end).map(number))),
            ("palette", JSONText.array(DistributionFigure.palette.map(JSONText.string))),
            ("power", JSONText.array(RSSIStripFigure.powerChanges(timeline))),
        ]).replacingOccurrences(of: "</", with: "<\\/")
    }
}
