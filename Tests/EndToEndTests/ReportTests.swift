// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@Suite("beaconsim report")
struct ReportTests {
    /// `rsvg-convert` (Debian librsvg2-bin, installed by `scripts/setup.sh test`), if present.
    static let renderer: String? = [
        "/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert", "/opt/homebrew/bin/rsvg-convert",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

    static func svgs(_ html: String) -> [String] {
        var result: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg "),
            let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex)
        {
            result.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        return result
    }

    /// Renders every figure to PNG and checks each is a non-trivial PNG of the figure's width.
    static func render(_ svgs: [String], into directory: URL) throws {
        guard let renderer else {
            // `make test` installs it (scripts/setup.sh test); elsewhere the PNG check is skipped.
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("rsvg-convert is missing (librsvg2-bin)")
            }
            return
        }
        for (index, svg) in svgs.enumerated() {
            let source = directory.appendingPathComponent("figure-\(index).svg")
            let png = directory.appendingPathComponent("figure-\(index).png")
            try Data(svg.utf8).write(to: source)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: renderer)
            process.arguments = ["-o", png.path, source.path]
            let err = Pipe()
            process.standardError = err
            try process.run()
            process.waitUntilExit()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0, "figure \(index): \(message)")
            let data = try Data(contentsOf: png)
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(data.count > 2000, "figure \(index) is suspiciously small")
            let width = data.count > 24 ? data[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
            #expect(width >= 800)
        }
    }

    @Test("run --report writes a self-contained report.html with the timeline and latency figures, rendered to PNG")
    func runReport() throws {
        let out = try CLI.temporaryDirectory()
        let output = try CLI.run(["run", CLI.path("Scenarios/retail-store.yaml"), "--report", "--out", out.path])
        #expect(output.status == 0, "\(output.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "seed1")
        let html = try Experiments.text(folder, "report.html")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Self-contained: the floor plan's script is inline; nothing is loaded from elsewhere.
        #expect(!html.contains("<script src") && !html.contains("src=\"http") && !html.contains("href=\"http"))
        #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url(http"))
        for text in [
            "alice: timeline", "zone store", "app state", "OS region store", "callbacks store", "notifications",
            "exitLatencyFromLastPacket",
        ] {
            #expect(html.contains(text), "\(text)")
        }
        let svgs = Self.svgs(html)
        #expect(svgs.count >= 3)
        try Self.render(svgs, into: folder)
    }

    @Test("a check folder gets histograms and CDFs; a sweep folder each claim against the parameter")
    func checkAndSweepReports() throws {
        let out = try CLI.temporaryDirectory()
        #expect(
            try CLI.run(["check", CLI.fixture("sweep-block.yaml"), "--replications", "3", "--out", out.path]).status
                <= 1)
        #expect(
            try CLI.run(["sweep", CLI.fixture("sweep-block.yaml"), "--replications", "2", "--out", out.path]).status
                <= 1)  // a verdict over 2 replications is chance; the point is the report
        let check = try Experiments.folder(in: out, scenario: "e2e-sweep", containing: "check")
        let sweep = try Experiments.folder(in: out, scenario: "e2e-sweep", containing: "sweep")
        for folder in [check, sweep] {
            let output = try CLI.run(["report", folder.path])
            #expect(output.status == 0, "\(output.stderr)")
        }
        let checkHTML = try Experiments.text(check, "report.html")
        #expect(checkHTML.contains("p1 / room — exitLatencyFromZone") && checkHTML.contains(">CDF<"))
        let sweepHTML = try Experiments.text(sweep, "report.html")
        #expect(sweepHTML.contains("room exitLatencyFromZone mean (target &lt;= 120s) vs beacons.*.interval"))
        #expect(sweepHTML.contains("radio.shadowingSigma=8dB"))
        try Self.render(Self.svgs(checkHTML) + Self.svgs(sweepHTML), into: sweep)
        let empty = try CLI.temporaryDirectory()
        let missing = try CLI.run(["report", empty.path])
        #expect(missing.status == 2)
    }
}
