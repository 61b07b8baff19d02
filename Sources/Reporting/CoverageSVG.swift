// SPDX-License-Identifier: GPL-3.0-or-later
public import BeaconSim
internal import RadioPropagation
public import ScenarioFormat

/// One floor of a `CoverageMap` as a self-contained SVG: a heat map of the strongest beacon's
/// mean RSSI, hatched gaps (in a zone, no region heard within 1 s with ≥ 90 %), dotted overlaps
/// (two or more regions heard), walls (width by loss), zones (dashed), beacons, metre axes, a
/// scale bar and the colour legend. The colour scale is fitted to the map (`fittedScale`) unless
/// given (`beaconsim coverage --rssi-scale -100..-40`).
public enum CoverageSVG {
    /// Colour-scale limits, dBm.
    public typealias Scale = (low: Double, high: Double)

    /// The scale fitted to the map: from the 2nd percentile of the cells' strongest mean RSSI to the
    /// strongest, each rounded outwards to 5 dB (cells with no beacon above −140 dBm left out), so
    /// the colours spread over what the map shows rather than a fixed range.
    public static func fittedScale(_ map: CoverageMap) -> Scale {
        let values = map.floors.flatMap(\.cells).compactMap { $0.strongest == nil ? nil : $0.strongestDBm }.sorted()
        guard let top = values.last else { return (-100, -40) }
        let low = values[Int(Double(values.count - 1) * 0.02)]
        let (a, b) = ((low / 5).rounded(.down) * 5, (top / 5).rounded(.up) * 5)
        return b > a ? (a, b) : (a - 5, a + 5)
    }
    /// Viridis at five stops.
    static let stops: [(Double, Double, Double)] = [
        (68, 1, 84), (59, 82, 139), (33, 145, 140), (94, 201, 98), (253, 231, 37),
    ]
    static let margin = 48.0
    static let legendWidth = 240.0

    /// Pixels per metre for a venue, so that the longer side is about 1000 px.
    public static func pixelsPerMetre(_ venue: VenueSpec) -> Double {
        min(20, max(3, (1000 / max(venue.width, venue.height)).rounded(.down)))
    }

    /// Image size in pixels.
    public static func size(_ venue: VenueSpec) -> (width: Int, height: Int) {
        let k = pixelsPerMetre(venue)
        return (
            Int((venue.width * k + 2 * margin + legendWidth).rounded()),
            Int(max(venue.height * k + 2 * margin + PlanAxes.bottomMargin, 360).rounded())
        )
    }

    /// Colours of the phones' walks (`walks: true`), in the order of the scenario's phones.
    static let walkColours = ["#e6550d", "#ff00ff", "#00bfff", "#ffffff", "#000000"]

    /// With `walks`, each phone's path on this floor is drawn over the map (its dwell points as
    /// discs growing with the dwell; a coloured line with
    /// its name at the start), as `compare`'s report does.
    public static func render(_ map: CoverageMap, floor: Int, scale: Scale? = nil, walks: Bool = false) -> String {
        let scale = scale ?? fittedScale(map)
        let venue = map.scenario.venue
        let k = pixelsPerMetre(venue)
        let (width, height) = size(venue)
        // Plan y grows upwards; SVG y grows downwards.
        func x(_ value: Double) -> String { fmt(margin + value * k) }
        func y(_ value: Double) -> String { fmt(margin + (venue.height - value) * k) }
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="sans-serif" font-size="12">
            <defs><pattern id="gap" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="6" height="6" fill="#ffffff" fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="6" stroke="#d00" stroke-width="2"/></pattern>\
            <pattern id="overlap" width="6" height="6" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.2" fill="#fff"/></pattern></defs>
            <rect width="100%" height="100%" fill="#ffffff"/>
            <text x="\(fmt(margin))" y="24" font-size="15">\(escape(map.scenario.name)) — floor \(floor)\(floorName(venue, floor)): \
            mean RSSI of the strongest beacon\(map.bystanderCount > 0 ? " (moving bystanders averaged over time)" : "")</text>

            """
        let cellSize = fmt(map.resolution * k + 0.5)
        if let grid = map.floors.first(where: { $0.floor == floor }) {
            for cell in grid.cells {
                let left = x(cell.centre.x - map.resolution / 2), top = y(cell.centre.y + map.resolution / 2)
                out +=
                    "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(cellSize)\" height=\"\(cellSize)\" fill=\"\(colour(cell.strongestDBm, scale: scale))\"/>"
                if cell.isGap {
                    out += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(cellSize)\" height=\"\(cellSize)\" fill=\"url(#gap)\"/>"
                } else if cell.isOverlap {
                    out +=
                        "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(cellSize)\" height=\"\(cellSize)\" fill=\"url(#overlap)\"/>"
                }
                out += "\n"
            }
        }
        out +=
            "<rect x=\(quote(x(0))) y=\(quote(y(venue.height))) width=\(quote(fmt(venue.width * k))) height=\(quote(fmt(venue.height * k))) fill=\"none\" stroke=\"#333\"/>\n"
        for zone in venue.zones where zone.floor == floor {
            let points = zone.polygon.map { "\(x($0.x)),\(y($0.y))" }.joined(separator: " ")
            out += "<polygon points=\"\(points)\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\" stroke-dasharray=\"8 4\"/>\n"
            if let first = zone.polygon.first {
                out +=
                    "<text x=\(quote(fmt(margin + first.x * k + 4))) y=\(quote(fmt(margin + (venue.height - first.y) * k - 4))) "
                    + "fill=\"#000\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">zone \(escape(zone.name))</text>\n"
            }
        }
        for wall in venue.walls where wall.floor == floor {
            let loss = venue.materials[wall.material] ?? Material(rawValue: wall.material)?.lossDB ?? 3
            out +=
                "<line x1=\(quote(x(wall.from.x))) y1=\(quote(y(wall.from.y))) x2=\(quote(x(wall.to.x))) y2=\(quote(y(wall.to.y))) "
                + "stroke=\"#222\" stroke-width=\(quote(fmt(1 + loss / 4))) stroke-linecap=\"round\"><title>\(escape(wall.material)) \(fmt(loss)) dB</title></line>\n"
        }
        for beacon in map.scenario.beacons where beacon.floor == floor {
            out +=
                "<circle cx=\(quote(x(beacon.position.x))) cy=\(quote(y(beacon.position.y))) r=\"6\" fill=\"#fff\" stroke=\"#c00\" stroke-width=\"3\"/>"
            out +=
                "<text x=\(quote(fmt(margin + beacon.position.x * k + 9))) y=\(quote(fmt(margin + (venue.height - beacon.position.y) * k + 4))) "
                + "fill=\"#000\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">\(escape(beacon.name))</text>\n"
        }
        if walks {
            for (index, phone) in map.scenario.phones.enumerated() {
                let points = phone.path.filter { $0.floor == floor }.map { "\(x($0.position.x)),\(y($0.position.y))" }
                guard points.count > 1, let start = phone.path.first(where: { $0.floor == floor }) else { continue }
                let colour = walkColours[index % walkColours.count]
                out +=
                    "<polyline class=\"walk\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(colour)\" "
                    + "stroke-width=\"2.5\" stroke-dasharray=\"6 3\"><title>walk of \(escape(phone.name))</title></polyline>"
                    + "<text x=\(quote(fmt(margin + start.position.x * k + 6))) y=\(quote(fmt(margin + (venue.height - start.position.y) * k - 8))) "
                    + "fill=\"\(colour)\" stroke=\"#000\" stroke-width=\"0.6\">\(escape(phone.name))</text>\n"
                // Dwell points: where the phone stays, the places whose coverage matters most.
                for waypoint in phone.path where waypoint.floor == floor && waypoint.dwell > 0 {
                    let seconds = Double(waypoint.dwell) / 1e9
                    out +=
                        "<circle class=\"dwell\" cx=\(quote(x(waypoint.position.x))) cy=\(quote(y(waypoint.position.y))) "
                        + "r=\(quote(fmt(4 + min(seconds, 600).squareRoot() / 3))) fill=\"\(colour)\" fill-opacity=\"0.55\" "
                        + "stroke=\"#000\" stroke-width=\"1\"><title>\(escape(phone.name)) dwells \(fmt(seconds)) s here</title></circle>\n"
                }
            }
        }
        out += PlanAxes.svg(width: venue.width, height: venue.height, pixelsPerMetre: k, left: margin, top: margin)
        out += legend(left: margin + venue.width * k + 20, top: margin, scale: scale)
        return out + "</svg>\n"
    }

    static func legend(left: Double, top: Double, scale: Scale) -> String {
        var out = "<text x=\(quote(fmt(left))) y=\(quote(fmt(top + 4)))>mean RSSI (dBm)</text>\n"
        let barTop = top + 14, barHeight = 180.0, steps = 30
        for step in 0..<steps {
            let value = scale.high - (scale.high - scale.low) * Double(step) / Double(steps)
            out +=
                "<rect x=\(quote(fmt(left))) y=\(quote(fmt(barTop + barHeight * Double(step) / Double(steps)))) width=\"22\" "
                + "height=\(quote(fmt(barHeight / Double(steps) + 0.5))) fill=\"\(colour(value, scale: scale))\"/>"
        }
        out +=
            "\n<rect x=\(quote(fmt(left))) y=\(quote(fmt(barTop))) width=\"22\" height=\(quote(fmt(barHeight))) fill=\"none\" stroke=\"#333\"/>\n"
        for value in stride(from: scale.high, through: scale.low, by: -PlanAxes.step(for: scale.high - scale.low, count: 6)) {
            let position = barTop + barHeight * (scale.high - value) / (scale.high - scale.low)
            out +=
                "<line x1=\(quote(fmt(left + 22))) y1=\(quote(fmt(position))) x2=\(quote(fmt(left + 27))) y2=\(quote(fmt(position))) stroke=\"#333\"/>"
            out += "<text x=\(quote(fmt(left + 30))) y=\(quote(fmt(position + 4)))>\(Int(value))</text>\n"
        }
        let keyTop = barTop + barHeight + 24
        out +=
            "<rect x=\(quote(fmt(left))) y=\(quote(fmt(keyTop))) width=\"22\" height=\"14\" fill=\"#777\"/>"
            + "<rect x=\(quote(fmt(left))) y=\(quote(fmt(keyTop))) width=\"22\" height=\"14\" fill=\"url(#gap)\" stroke=\"#333\"/>"
            + "<text x=\(quote(fmt(left + 30))) y=\(quote(fmt(keyTop + 11)))>gap: no region ≥ 90 % in 1 s</text>\n"
        out +=
            "<rect x=\(quote(fmt(left))) y=\(quote(fmt(keyTop + 22))) width=\"22\" height=\"14\" fill=\"#777\"/>"
            + "<rect x=\(quote(fmt(left))) y=\(quote(fmt(keyTop + 22))) width=\"22\" height=\"14\" fill=\"url(#overlap)\" stroke=\"#333\"/>"
            + "<text x=\(quote(fmt(left + 30))) y=\(quote(fmt(keyTop + 33)))>overlap: ≥ 2 regions, not nested</text>\n"
        out +=
            "<circle cx=\(quote(fmt(left + 11))) cy=\(quote(fmt(keyTop + 51))) r=\"6\" fill=\"#fff\" stroke=\"#c00\" stroke-width=\"3\"/>"
            + "<text x=\(quote(fmt(left + 30))) y=\(quote(fmt(keyTop + 55)))>beacon</text>\n"
        return out
    }

    /// Viridis colour of `dBm` on the scale, as `#rrggbb`.
    static func colour(_ dBm: Double, scale: Scale) -> String {
        let t = min(1, max(0, (dBm - scale.low) / (scale.high - scale.low))) * Double(stops.count - 1)
        let index = min(stops.count - 2, Int(t))
        let f = t - Double(index)
        let a = stops[index], b = stops[index + 1]
        func channel(_ u: Double, _ v: Double) -> String {
            let value = Int((u + (v - u) * f).rounded())
            let hex = String(value, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + channel(a.0, b.0) + channel(a.1, b.1) + channel(a.2, b.2)
    }

    static func floorName(_ venue: VenueSpec, _ floor: Int) -> String {
        venue.floors.indices.contains(floor) ? venue.floors[floor].name.map { " (\(escape($0)))" } ?? "" : ""
    }

    static func fmt(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func quote(_ text: String) -> String { "\"" + text + "\"" }

    static func escape(_ text: String) -> String { Escaping.svg(text) }
}
