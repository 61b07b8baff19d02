// SPDX-License-Identifier: GPL-3.0-or-later
internal import Reporting

/// The picture that explains "latency from last packet", for the phone selected on the floor plan:
/// one strip per beacon it heard, the beacon's mean RSSI second by second (track.jsonl) against
/// simulated time, with the receiver's sensitivity (plan.json) as a dashed line, the zone visits
/// shaded (on a beacon's strip, the visits of its regions' zones), and per region the last packet
/// before each exit, the OS delay drawn for it (`osDelayDrawn`), the moment the OS declared the exit
/// (`osRegionState` outside) and the didExitRegion the app received, or the ✕ of an exit the OS never
/// delivered — each on the strip of the region's beacon heard last before it (the one whose silence
/// the OS waited out; with a parent region over every exhibit, not on every strip). Hover a line or
/// mark for its values. A beacon switched off or on is marked on its strip.
///
/// Drawn by the page's script (`RSSIStripScript`) from the floor plan's data (`FloorPlanFigure.data`:
/// the samples are there once, for every phone), so it follows the selection without repeating
/// them per phone; this type supplies the per-phone marks and visits that data carries, and the
/// markup the script draws into. Names reach the page only as JSON text and become SVG text through
/// `textContent`, never markup.
enum RSSIStripFigure {
    /// The strip section's markup: a title and an empty figure the script fills, and the legend.
    static let html = """
        <div class="rssi-strip">
        <p id="rs-title" class="fp-legend">the strips are drawn by the page's script (enable JavaScript to see them)</p>
        <div id="rs-figure"></div>
        <p class="fp-legend">one strip per beacon the selected phone heard (choose the phone on the floor plan: its \
        list, marker or row) &nbsp; red dashed across: the phone's sensitivity &nbsp; shaded: in the zone (truth) \
        &nbsp; grey dotted: last packet before an exit &nbsp; purple band: OS delay drawn &nbsp; red dashed down: the \
        OS declared the exit &nbsp; ▼ didExitRegion &nbsp; ✕ exit the OS never delivered &nbsp; orange: the slider's \
        time &nbsp; grey or green solid: the beacon switched off or on &nbsp; hover for values</p>
        </div>
        """

    /// The zone visits of one phone's records as `[start, end, tooltip, zone]` (an unfinished visit
    /// ends at `end`).
    static func visits(_ records: [TimelineFigure.Record], end: Double) -> [String] {
        var entered: [(zone: String, t: Double)] = []
        var result: [(Double, String)] = []
        func visit(_ zone: String, _ start: Double, _ stop: Double, open: Bool) {
            let title =
                open
                ? "in zone \(zone) from \(SVG.label(start)) s to the end"
                : "in zone \(zone) \(SVG.label(start))–\(SVG.label(stop)) s"
            result.append((start, JSONText.array([number(start), number(stop), JSONText.string(title), JSONText.string(zone)])))
        }
        for record in records {
            guard let zone = record.string("zone") else { continue }
            if record.event == "zoneEntered" { entered.append((zone, record.t)) }
            if record.event == "zoneExited", let at = entered.firstIndex(where: { $0.zone == zone }) {
                visit(zone, entered[at].t, record.t, open: false)
                entered.remove(at: at)
            }
        }
        for open in entered { visit(open.zone, open.t, end, open: true) }
        return result.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Per exit of one phone's records, what decided it, as `[kind, t, from, region, tooltip]`:
    /// `delay` (the OS delay drawn, `from` its start), `os` (the OS declared the exit), `exit`
    /// (didExitRegion, `from` the last packet) and `lost` (exitNotDelivered, `from` the last packet).
    static func marks(_ records: [TimelineFigure.Record]) -> [String] {
        records.compactMap { record in
            let region = record.string("region") ?? ""
            func mark(_ kind: String, from: Double?, _ title: String) -> String {
                JSONText.array([
                    JSONText.string(kind), number(record.t), from.map(number) ?? "null", JSONText.string(region),
                    JSONText.string(title),
                ])
            }
            switch record.drawnAs {
            case "osDelayDrawn":
                let span = TimelineFigure.delaySpan(record)
                return JSONText.array([
                    JSONText.string("delay"), number(span.to), number(span.from), JSONText.string(region),
                    JSONText.string(delayTitle(record, region: region)),
                ])
            case "osRegionState" where record.string("state") == "outside" && record.string("reason") == "transition":
                return mark("os", from: nil, "the OS declared the exit from \(region) at \(SVG.label(record.t)) s")
            case "didExitRegion":
                let last = record.number("lastPacketAt")
                return mark(
                    "exit", from: last,
                    "didExitRegion \(region) at \(SVG.label(record.t)) s"
                        + (last.map { ", \(SVG.label(record.t - $0)) s after the last packet at \(SVG.label($0)) s" } ?? ""))
            case "exitNotDelivered":
                return mark(
                    "lost", from: record.number("lastPacketAt"),
                    TimelineFigure.undeliveredExplanation(region: region, at: record.t))
            default: return nil
            }
        }
    }

    /// An `osDelayDrawn` record's tooltip: which delay, its value and the distribution drawn from.
    static func delayTitle(_ record: TimelineFigure.Record, region: String) -> String {
        let seconds = record.number("delay") ?? 0
        let head =
            "\(region): \(record.string("kind") ?? "delay") of \(SVG.label(seconds)) s drawn from "
            + "\(record.string("distribution") ?? "?")"
        if let scan = record.number("scanStart") {
            let quiet = record.number("lastScanEnd").map { "no scan from \(SVG.label($0)) s to \(SVG.label(scan)) s; " } ?? ""
            return head + " (where the phone's periodic background scans sit, drawn once per phone): \(quiet)"
                + "the scan that started at \(SVG.label(scan)) s decided the change the OS recorded at \(SVG.label(record.t)) s"
        }
        guard let job = record.number("jobStart") else { return head + ", ending at \(SVG.label(record.t)) s" }
        return head + ", ending when the scan job started at \(SVG.label(job)) s (its scan decided the change the OS "
            + "recorded at \(SVG.label(record.t)) s)"
    }

    /// The phone the page selects first: the one with the most exits to explain (OS exits,
    /// didExitRegion, undelivered exits), then the one that heard the most beacons; the first on a tie.
    static func defaultPhone(_ plan: FloorPlanData, timeline: [TimelineFigure.Record]) -> Int {
        let exits = ["didExitRegion", "exitNotDelivered"]
        let scores = plan.tracks.map { track in
            let records = timeline.filter { $0.phone == track.phone }
            let explained = records.filter { exits.contains($0.drawnAs) }.count
            let beacons = Set(track.heard.flatMap { $0.map(\.beacon) }).count
            return (explained, beacons)
        }
        var best = 0
        for (index, score) in scores.enumerated() where score > scores[best] { best = index }
        return best
    }

    /// The beacons' power changes (world events) as `[t, beacon, on]`: drawn on the beacon's strip.
    static func powerChanges(_ timeline: [TimelineFigure.Record]) -> [String] {
        timeline.filter { $0.phone == nil && ["beaconPowerOff", "beaconPowerOn"].contains($0.event) }.compactMap { record in
            record.string("beacon").map {
                JSONText.array([number(record.t), JSONText.string($0), record.event == "beaconPowerOn" ? "true" : "false"])
            }
        }
    }

    static func number(_ value: Double) -> String { JSONText.number(value, decimals: 2) }
}
