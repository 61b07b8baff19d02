// SPDX-License-Identifier: GPL-3.0-or-later

/// What the app was never told, on the floor plan: a dashed hollow △ where a phone walked into a
/// region's zone (ground truth) on a visit during which the app got no entry (a missed entry, as
/// the metrics counted it: metrics.json's `missedEntries.visits`), and a ✕ where the OS decided an exit it never delivered
/// (`exitNotDelivered`); each says why on hover.
extension FloorPlanFigure {
    static func drawMissed(
        _ plan: FloorPlanData, timeline: [TimelineFigure.Record], context: TimelineFigure.Context, end: Double,
        geometry g: Geometry, into svg: inout SVG
    ) {
        for track in plan.tracks {
            let records = timeline.filter { $0.phone == track.phone }
            var regions: [String] = []
            for record in records {
                if let region = record.string("region"), !regions.contains(region) { regions.append(region) }
            }
            for region in regions {
                guard let zone = context.zone(phone: track.phone, region: region) else { continue }
                for visit in context.missedEntries(phone: track.phone, region: region) {
                    guard let at = track.position(at: visit.entry) else { continue }
                    let (x, y) = g.point(at.x, at.y, floor: at.floor)
                    svg.polyline(
                        [(x, y - 9), (x - 7, y + 5), (x + 7, y + 5)], stroke: "#525252", width: 1.5, fill: "white",
                        closed: true,
                        title: missedEntryExplanation(
                            track: track, records: records, plan: plan, zone: zone, region: region, visit: visit),
                        dash: "2,2")
                    svg.text(x + 8, y + 4, "missed \(region)", size: 9, fill: "#525252")
                }
            }
            for record in records where record.event == "exitNotDelivered" {
                guard let at = track.position(at: record.t) else { continue }
                let (x, y) = g.point(at.x, at.y, floor: at.floor)
                let region = record.string("region") ?? ""
                svg.raw(
                    "<g><title>\(SVG.escapeText("\(track.phone) " + TimelineFigure.undeliveredExplanation(region: region, at: record.t)))</title>"
                        + "<rect x=\"\(SVG.n(x - 7))\" y=\"\(SVG.n(y - 7))\" width=\"14\" height=\"14\" fill=\"white\" opacity=\"0\"/>"
                        + "<path d=\"M\(SVG.n(x - 6)),\(SVG.n(y - 6))L\(SVG.n(x + 6)),\(SVG.n(y + 6))M\(SVG.n(x - 6)),"
                        + "\(SVG.n(y + 6))L\(SVG.n(x + 6)),\(SVG.n(y - 6))\" stroke=\"#cb181d\" stroke-width=\"2.5\"/></g>")
                svg.text(x + 8, y + 4, "exit \(region) not delivered", size: 9, fill: "#cb181d")
            }
        }
    }

    /// Why the app was never told of an entry: the OS decided it and the app did not hear of it, or
    /// the OS never decided it — with or without packets of the region's beacons during the visit.
    static func missedEntryExplanation(
        track: FloorPlanData.Track, records: [TimelineFigure.Record], plan: FloorPlanData, zone: String, region: String,
        visit: (entry: Double, exit: Double)
    ) -> String {
        let head =
            "missed entry: \(track.phone) was in zone \(zone) \(SVG.label(visit.entry))–\(SVG.label(visit.exit)) s "
            + "and the app was never told it entered \(region): "
        let osInside = records.first {
            $0.event == "osRegionState" && $0.string("region") == region && $0.string("state") == "inside"
                && $0.t >= visit.entry && $0.t <= visit.exit
        }
        let before = records.last {
            $0.event == "osRegionState" && $0.string("region") == region && $0.t <= visit.entry
        }
        if let before, before.string("state") == "inside" {
            return head
                + "the OS still held the region inside from \(SVG.label(before.t)) s (it declared no exit since), so there "
                + "was no new entry to tell"
        }
        if let osInside {
            return head
                + "the OS decided the phone was inside at \(SVG.label(osInside.t)) s but no entry reached the app "
                + "(not running, not woken, or the callback was lost: see the timeline)"
        }
        let beacons = plan.phones.first { $0.name == track.phone }?.regions.first { $0.name == region }?.beacons
        let heard = zip(track.times, track.heard).filter { t, sample in
            t >= visit.entry && t <= visit.exit && sample.contains { beacons?.contains($0.beacon) ?? true }
        }
        guard let first = heard.first else {
            return head + "the phone heard none of the region's beacons during the visit (a coverage gap, or no scan then)"
        }
        return head
            + "it heard the region's beacons in \(heard.count) s of the visit (first at \(SVG.label(first.0)) s) but the OS "
            + "decided no entry before the phone left (the entry delay or the scan schedule outlasted the visit)"
    }
}
