// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// `beaconsim coverage`: files written, and the SVG renders (rsvg-convert, from `scripts/setup.sh test`)
/// to a PNG of the SVG's size that is not blank.
@Suite("Coverage maps")
struct CoverageTests {
    static let rsvg = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// PNG width and height from the IHDR chunk (bytes 16–23, big-endian).
    static func pngSize(_ data: Data) -> (Int, Int)? {
        guard data.count > 24, data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]) else { return nil }
        let bytes = [UInt8](data[16..<24])
        let width = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        return (width, height)
    }

    static func render(_ svg: URL, to png: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(rsvg, "rsvg-convert missing: run scripts/setup.sh test"))
        process.arguments = [svg.path, "-o", png.path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("the store map: CSV rows per cell, zone summary, an SVG that renders to a non-blank PNG of its size")
    func storeMap() throws {
        let out = try CLI.temporaryDirectory()
        let result = try CLI.run(["coverage", "Scenarios/retail-store.yaml", "--resolution", "1m", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("zone store (region store)"))
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "coverage-1m")
        let csv = try Experiments.text(folder, "coverage.csv")
        #expect(csv.split(separator: "\n").count == 1 + 160 * 40)  // header + one row per 1 m cell of 160 m × 40 m
        #expect(csv.hasPrefix("floor,x_m,y_m,strongestBeacon,strongestRSSI_dBm,hear.store,covered,gap,overlap\n"))
        try Tables.expectTidy(csv)
        try Tables.expectTidy(try Experiments.text(folder, "zones.csv"))
        let manifest = try Experiments.manifest(folder)
        #expect(manifest["command"] as? String == "coverage" && manifest["seed"] as? Int == 1 && manifest["version"] is String)
        // Run again: a new folder, the first one untouched.
        #expect(try CLI.run(["coverage", "Scenarios/retail-store.yaml", "--out", out.path]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path).count == 2)
        let svg = folder.appendingPathComponent("coverage-floor0.svg")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("till") && text.contains("zone store") && text.contains("mean RSSI (dBm)"))
        // Metre axes and a scale bar; the colour scale fitted to the map (recorded in the manifest).
        #expect(text.contains(">x (m)<") && text.contains(">y (m)<") && text.contains("class=\"scale-bar\""))
        #expect(manifest["colourScaleFitted"] as? Bool == true)
        let fitted = try #require(manifest["colourScaleDBm"] as? [Double])
        #expect(fitted.count == 2 && fitted[0] < fitted[1] && fitted[1] <= -30 && fitted[0] >= -140, "\(fitted)")
        let size = try #require(text.firstMatch(of: /width="(\d+)" height="(\d+)"/))
        let png = out.appendingPathComponent("map.png")
        #expect(try Self.render(svg, to: png) == 0)
        let data = try Data(contentsOf: png)
        let pixels = try #require(Self.pngSize(data))
        #expect(pixels.0 == Int(size.1) && pixels.1 == Int(size.2))
        // A blank canvas of the same size compresses to a few hundred bytes; a heat map does not.
        let blank = out.appendingPathComponent("blank.svg")
        try Data(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(size.1)\" height=\"\(size.2)\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/></svg>"
                .utf8
        )
        .write(to: blank)
        #expect(try Self.render(blank, to: out.appendingPathComponent("blank.png")) == 0)
        let blankBytes = try Data(contentsOf: out.appendingPathComponent("blank.png")).count
        #expect(data.count > 8 * blankBytes, "PNG \(data.count) bytes vs blank \(blankBytes)")
    }

    @Test("a two-floor venue gives one SVG per floor, each with its own beacons and zone")
    func twoFloors() throws {
        let out = try CLI.temporaryDirectory()
        let result = try CLI.run(["coverage", "Scenarios/layouts/two-floor-shop.yaml", "--resolution", "2m", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "two-floor-shop", containing: "coverage-2m")
        let ground = try Experiments.text(folder, "coverage-floor0.svg")
        let first = try Experiments.text(folder, "coverage-floor1.svg")
        #expect(ground.contains("g-front") && !ground.contains("f-front") && ground.contains("zone ground"))
        #expect(first.contains("f-front") && !first.contains("g-front") && first.contains("zone first"))
        #expect(result.stdout.contains("zone first (region first)"))
    }

    @Test("defaults: a 0.5 m grid; --rssi-scale sets the colour scale; museum's moving guard is included; Chromium draws it")
    func optionsAndBrowser() throws {
        let out = try CLI.temporaryDirectory()
        let store = try CLI.run(["coverage", "Scenarios/retail-store.yaml", "--rssi-scale=-100..-40", "--out", out.path])
        #expect(store.status == 0, "\(store.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "coverage-0.5m")
        #expect(try Experiments.text(folder, "coverage.csv").split(separator: "\n").count == 1 + 320 * 80)
        let manifest = try Experiments.manifest(folder)
        #expect(manifest["colourScaleDBm"] as? [Double] == [-100, -40] && manifest["colourScaleFitted"] as? Bool == false)
        let legend = try Experiments.text(folder, "coverage-floor0.svg")
        #expect(legend.contains(">-100</text>") && legend.contains(">-40</text>"))
        #expect(try CLI.run(["coverage", "Scenarios/retail-store.yaml", "--rssi-scale", "-40..-100"]).status == 2)
        let museum = try CLI.run(["coverage", "Scenarios/layouts/museum.yaml", "--out", out.path])
        #expect(museum.status == 0, "\(museum.stderr)")
        let map = try Experiments.folder(in: out, scenario: "museum", containing: "coverage")
        #expect(try Experiments.manifest(map)["bystanders"] as? Int == 1)
        let svg = map.appendingPathComponent("coverage-floor0.svg")
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("moving bystanders averaged over time"))
        let page = try Browser.load(svg)
        #expect(page.errors.isEmpty, "\(page.errors)")
        #expect(try Browser.screenshot(svg, name: "coverage-museum", width: 1050, height: 520).count > 30_000)
    }
}
