// SPDX-License-Identifier: GPL-3.0-or-later
internal import Experiments
internal import ScenarioFormat

/// The four figures of fit.html as inline SVG: predicted against observed mean RSSI, residuals
/// against distance, detection against distance, and the venue with each point coloured by its
/// mean residual. Fitting points are blue, held-out points orange.
enum FitFigures {
    static let fitColour = "#1f77b4"
    static let heldOutColour = "#ff7f0e"
    static let plot = (left: 60.0, top: 30.0, width: 400.0, height: 280.0)

    static func links(_ fit: RadioFit) -> [(FitScore.Link, heldOut: Bool)] {
        fit.fitScore.links.map { ($0, false) } + (fit.heldOutScore?.links.map { ($0, true) } ?? [])
    }

    static func predictedVersusObserved(_ fit: RadioFit) -> String {
        let pairs = links(fit).compactMap { link, heldOut in
            link.observedMean.flatMap { observed in link.predictedMean.map { (observed, $0, heldOut) } }
        }
        let values = pairs.flatMap { [$0.0, $0.1] }
        let domain = ((values.min() ?? -100) - 2).rounded(.down)...((values.max() ?? -40) + 2).rounded(.up)
        var svg = frame("Predicted vs observed mean RSSI per link (dBm)")
        svg.xAxis(y: plot.top + plot.height, x0: plot.left, x1: plot.left + plot.width, domain: domain, label: "observed (dBm)")
        svg.yAxis(x: plot.left, y0: plot.top + plot.height, y1: plot.top, domain: domain, label: "predicted (dBm)")
        svg.line(
            x(domain.lowerBound, domain), y(domain.lowerBound, domain), x(domain.upperBound, domain),
            y(domain.upperBound, domain), stroke: "#999", dash: "4 3")
        for (observed, predicted, heldOut) in pairs {
            svg.circle(x(observed, domain), y(predicted, domain), r: 2.2, fill: heldOut ? heldOutColour : fitColour)
        }
        legend(&svg)
        return svg.text
    }

    static func residualsVersusDistance(_ fit: RadioFit) -> String {
        let points = links(fit).compactMap { link, heldOut in link.residual.map { (link.distance, $0, heldOut) } }
        let xDomain = 0...max(2, ((points.map(\.0).max() ?? 10) / 2).rounded(.up) * 2)
        let extent = max(5, (points.map { abs($0.1) }.max() ?? 10).rounded(.up))
        let yDomain = -extent...extent
        var svg = frame("Residual (observed − predicted, dB) vs distance")
        svg.xAxis(y: plot.top + plot.height, x0: plot.left, x1: plot.left + plot.width, domain: xDomain, label: "distance (m)")
        svg.yAxis(x: plot.left, y0: plot.top + plot.height, y1: plot.top, domain: yDomain, label: "residual (dB)")
        svg.line(
            x(xDomain.lowerBound, xDomain), y(0, yDomain), x(xDomain.upperBound, xDomain), y(0, yDomain), stroke: "#999",
            dash: "4 3")
        for (distance, residual, heldOut) in points {
            svg.circle(x(distance, xDomain), y(residual, yDomain), r: 2.2, fill: heldOut ? heldOutColour : fitColour)
        }
        legend(&svg)
        return svg.text
    }

    static func detectionVersusDistance(_ fit: RadioFit) -> String {
        let scores = [(fit.fitScore, fitColour)] + (fit.heldOutScore.map { [($0, heldOutColour)] } ?? [])
        let top = scores.flatMap { $0.0.bins.map { $0.lower + 2 } }.max() ?? 10
        let xDomain = 0...max(2, top)
        let yDomain = 0.0...1.0
        var svg = frame("Detection rate per 2 m bin: observed (dots) and predicted (line)")
        svg.xAxis(y: plot.top + plot.height, x0: plot.left, x1: plot.left + plot.width, domain: xDomain, label: "distance (m)")
        svg.yAxis(
            x: plot.left, y0: plot.top + plot.height, y1: plot.top, domain: yDomain, label: "share of windows with a reading")
        for (score, colour) in scores {
            svg.polyline(score.bins.map { (x($0.lower + 1, xDomain), y($0.predictedDetection, yDomain)) }, stroke: colour)
            for bin in score.bins {
                svg.circle(
                    x(bin.lower + 1, xDomain), y(bin.observedDetection, yDomain), r: 3.5, fill: colour,
                    title:
                        "\(SVG.label(bin.lower))–\(SVG.label(bin.lower + 2)) m: observed \(SVG.label(bin.observedDetection)), predicted \(SVG.label(bin.predictedDetection)), \(bin.windows) windows"
                )
            }
        }
        legend(&svg)
        return svg.text
    }

    /// The venue plan: walls, beacons (triangles), points coloured by their links' mean residual
    /// (blue: the model predicts too much, red: too little; ±8 dB full scale).
    static func venue(_ fit: RadioFit) -> String {
        let venue = fit.scenario.venue
        let scale = min(560 / venue.width, 420 / venue.height)
        let margin = 30.0
        var svg = SVG(width: venue.width * scale + 2 * margin + 120, height: venue.height * scale + 2 * margin + 20)
        svg.text(margin, 18, "Venue: mean residual per point (observed − predicted, dB)", size: 13, weight: "bold")
        let px = { (value: Double) in margin + value * scale }
        let py = { (value: Double) in margin + 10 + (venue.height - value) * scale }
        svg.rect(px(0), py(venue.height), venue.width * scale, venue.height * scale, fill: "#fafafa", stroke: "#bbb")
        for wall in venue.walls where wall.floor == 0 {
            svg.line(px(wall.from.x), py(wall.from.y), px(wall.to.x), py(wall.to.y), stroke: "#444", width: 2)
        }
        var byPoint: [String: (x: Double, y: Double, sum: Double, count: Int, heldOut: Bool)] = [:]
        for (link, heldOut) in links(fit) {
            guard let residual = link.residual else { continue }
            let entry = byPoint[link.point] ?? (link.x, link.y, 0, 0, heldOut)
            byPoint[link.point] = (entry.x, entry.y, entry.sum + residual, entry.count + 1, heldOut)
        }
        for (point, entry) in byPoint.sorted(by: { $0.key < $1.key }) {
            let mean = entry.sum / Double(entry.count)
            if entry.heldOut { svg.circle(px(entry.x), py(entry.y), r: 5.5, fill: "#000") }
            svg.circle(
                px(entry.x), py(entry.y), r: 4.5, fill: colour(mean),
                title:
                    "\(point): \(SVG.label((mean * 10).rounded() / 10)) dB over \(entry.count) links\(entry.heldOut ? " (held out)" : "")"
            )
        }
        for beacon in fit.scenario.beacons where beacon.floor == 0 {
            let cx = px(beacon.position.x), cy = py(beacon.position.y)
            svg.polyline(
                [(cx, cy - 6), (cx + 5, cy + 4), (cx - 5, cy + 4)], stroke: "#000", width: 1, fill: "#2ca02c", closed: true,
                title: beacon.name)
        }
        let legendX = px(venue.width) + 20
        for (index, value) in stride(from: 8.0, through: -8.0, by: -4).enumerated() {
            svg.circle(legendX, py(venue.height) + Double(index) * 18 + 6, r: 5, fill: colour(value))
            svg.text(legendX + 10, py(venue.height) + Double(index) * 18 + 10, "\(SVG.label(value)) dB", size: 10)
        }
        svg.circle(legendX, py(venue.height) + 110, r: 5.5, fill: "#000")
        svg.circle(legendX, py(venue.height) + 110, r: 4.5, fill: "#fff")
        svg.text(legendX + 10, py(venue.height) + 114, "held out", size: 10)
        return svg.text
    }

    /// Diverging blue–white–red for −8 … +8 dB.
    static func colour(_ residual: Double) -> String {
        let t = max(-1, min(1, residual / 8))
        let (r, g, b): (Double, Double, Double) =
            t >= 0 ? (255, 255 - 200 * t, 255 - 200 * t) : (255 + 200 * t, 255 + 200 * t, 255)
        return "rgb(\(Int(r.rounded())),\(Int(g.rounded())),\(Int(b.rounded())))"
    }

    private static func frame(_ title: String) -> SVG {
        var svg = SVG(width: plot.left + plot.width + 30, height: plot.top + plot.height + 50)
        svg.text(plot.left, 18, title, size: 13, weight: "bold")
        return svg
    }

    private static func legend(_ svg: inout SVG) {
        svg.circle(plot.left + plot.width - 110, plot.top + 10, r: 4, fill: fitColour)
        svg.text(plot.left + plot.width - 100, plot.top + 14, "fitting points", size: 10)
        svg.circle(plot.left + plot.width - 110, plot.top + 26, r: 4, fill: heldOutColour)
        svg.text(plot.left + plot.width - 100, plot.top + 30, "held-out points", size: 10)
    }

    private static func x(_ value: Double, _ domain: ClosedRange<Double>) -> Double {
        plot.left + (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * plot.width
    }

    private static func y(_ value: Double, _ domain: ClosedRange<Double>) -> Double {
        plot.top + plot.height - (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound) * plot.height
    }
}
