// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every kind of report page opened in headless Chromium, checked for what a person sees: the
/// figures are there, the floor plan's slider moves the phone, no script errors; the screenshots
/// are kept in `.build/report-png/` to be looked at.
@Suite("reports in a browser")
struct BrowserReportTests {
    static func figures(_ dom: String) -> Int { dom.components(separatedBy: "<svg ").count - 1 }

    @Test("a run's floor plan: the slider (#t=) moves the phone and fills in its state; no console errors")
    func runReport() throws {
        let out = try CLI.temporaryDirectory()
        let run = try CLI.run(["run", CLI.path("Scenarios/retail-store.yaml"), "--report", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try Experiments.folder(in: out, scenario: "retail-store", containing: "seed1")
            .appendingPathComponent("report.html")
        let start = try Browser.load(report, fragment: "#t=0")
        let inStore = try Browser.load(report, fragment: "#t=200")
        for page in [start, inStore] {
            #expect(page.errors.isEmpty, "\(page.errors)")
            #expect(page.dom.contains("data-floor-plan=\"ready\""))
            #expect(Self.figures(page.dom) >= 4)
        }
        let marker = #"id="fp-phone-0"[^>]*?transform="translate\(([^)]+)\)""#
        let before = try #require(Browser.capture(marker, in: start.dom))
        let after = try #require(Browser.capture(marker, in: inStore.dom))
        #expect(before != after, "the phone did not move: \(before)")
        // At 200 s alice is in the store: the OS says inside and she hears the till.
        let state = try #require(Browser.capture(#"<tbody id="fp-state">(.*?)</tbody>"#, in: inStore.dom))
        #expect(state.contains("alice") && state.contains("store: inside") && state.contains("till -"), "\(state)")
        #expect(inStore.dom.contains("<output id=\"fp-clock\">200 s</output>"))
        for (name, fragment) in [("run-report-t0", "#t=0"), ("run-report-t200", "#t=200")] {
            let png = try Browser.screenshot(report, fragment: fragment, name: name, height: 1400)
            #expect(png.count > 40_000, "\(name).png is suspiciously small (\(png.count) bytes)")
        }
    }

    @Test("a check report: the claims table with verdicts, values, intervals and targets, and the latency figures")
    func checkReport() throws {
        let out = try CLI.temporaryDirectory()
        let check = try CLI.run(["check", CLI.path("Scenarios/retail-store.yaml"), "--replications", "4", "--out", out.path])
        #expect(check.status <= 1, "\(check.stderr)")
        let folder = try Experiments.folder(in: out, scenario: "retail-store", containing: "check")
        #expect(try CLI.run(["report", folder.path]).status == 0)
        let report = folder.appendingPathComponent("report.html")
        let page = try Browser.load(report)
        #expect(page.errors.isEmpty, "\(page.errors)")
        let table = try #require(Browser.capture(#"(<table class="verdicts">.*?</table>)"#, in: page.dom))
        #expect(table.contains("store exitLatencyFromLastPacket mean") && table.contains("30s..45s"))
        #expect(table.contains("class=\"pass\">PASS") && table.contains(" s …") && table.contains("<td>&lt;= 15s</td>"))
        #expect(Self.figures(page.dom) >= 3)
        #expect(try Browser.screenshot(report, name: "check-report").count > 40_000)
    }

    @Test("sweep reports: verdicts per point, target bands, units, numeric and categorical axes, one colour per series")
    func sweepReports() throws {
        let out = try CLI.temporaryDirectory()
        let scenario = CLI.path("Scenarios/retail-store.yaml")
        let sweeps = [
            ("sweep-report-numeric", ["--set", "beacons.*.interval=100ms,300ms,1s", "--set", "phones.*.os=ios,android-abl"]),
            ("sweep-report-categorical", ["--set", "phones.*.os=ios,android-abl", "--set", "beacons.*.interval=100ms,1s"]),
        ]
        for (name, axes) in sweeps {
            let sweep = try CLI.run(
                ["sweep", scenario] + axes + ["--replications", "2", "--out", out.appendingPathComponent(name).path])
            #expect(sweep.status <= 1, "\(sweep.stderr)")
            let folder = try Experiments.folder(
                in: out.appendingPathComponent(name), scenario: "retail-store", containing: "sweep")
            #expect(try CLI.run(["report", folder.path]).status == 0)
            let report = folder.appendingPathComponent("report.html")
            let page = try Browser.load(report)
            #expect(page.errors.isEmpty, "\(page.errors)")
            #expect(page.dom.contains("<table class=\"verdicts\">") && page.dom.contains("class=\"fail\">FAIL"))
            #expect(page.dom.contains("fill=\"#e5f5e0\""), "no target band")
            #expect(page.dom.contains(">measured (s)<"))
            if name.hasSuffix("numeric") {
                #expect(page.dom.contains("beacons.*.interval (s, log scale)"))
            } else {
                #expect(page.dom.contains("phones.*.os — categories"))
            }
            // The legend colour of each series is the same in every figure.
            let series = name.hasSuffix("numeric") ? "phones.*.os=android-abl" : "beacons.*.interval=1s"
            let legend = try NSRegularExpression(
                pattern: #"fill="(#[0-9a-f]{6})"[^>]*></rect>\s*<text[^>]*>"#
                    + NSRegularExpression.escapedPattern(for: series) + "<")
            let colours = legend.matches(in: page.dom, range: NSRange(page.dom.startIndex..., in: page.dom)).compactMap {
                Range($0.range(at: 1), in: page.dom).map { String(page.dom[$0]) }
            }
            #expect(colours.count >= 5 && Set(colours).count == 1, "\(series): \(colours)")
            #expect(try Browser.screenshot(report, name: name, height: 2400).count > 60_000)
        }
    }

    @Test("the RSSI strips follow the phone selected on the floor plan: a strip per beacon it heard, its sensitivity, its exits")
    func stripsFollowTheSelectedPhone() throws {
        let out = try CLI.temporaryDirectory()
        let run = try CLI.run(["run", CLI.fixture("report-two-phones.yaml"), "--report", "--out", out.path])
        #expect(run.status <= 1, "\(run.stderr)")
        let report = try Experiments.folder(in: out, scenario: "report-two-phones", containing: "seed4")
            .appendingPathComponent("report.html")
        let html = try String(contentsOf: report, encoding: .utf8)
        // The samples are in the page once (the floor plan's data); the strips are drawn from them.
        #expect(html.components(separatedBy: "id=\"fp-data\"").count == 2)
        #expect(
            html.contains("<div id=\"rs-figure\"></div>") && !html.contains("<svg id=\"rs-svg\""),
            "strips drawn in the file, not by the page")
        // bob's scan jobs missed his second visit (the OS still held the store inside): on the plan, with why.
        #expect(html.contains("missed entry: bob was in zone store") && html.contains("the OS still held the region inside from"))
        for (index, phone) in ["alice", "bob"].enumerated() {
            let page = try Browser.load(report, fragment: "#t=300&phone=\(index)")
            #expect(page.errors.isEmpty, "\(page.errors)")
            #expect(page.dom.contains("data-selected-phone=\"\(index)\""))
            let title = try #require(Browser.capture(#"<p id="rs-title"[^>]*>([^<]*)</p>"#, in: page.dom))
            #expect(title.hasPrefix("\(phone): RSSI of each beacon heard") && title.contains("sensitivity -"), "\(title)")
            let strips = try #require(Browser.capture(#"(<svg id="rs-svg".*?</svg>)"#, in: page.dom))
            #expect(strips.contains(">till<") && strips.contains(">region store<") && strips.contains("<polyline"))
            #expect(strips.contains(">sensitivity -"))
            #expect(
                try Browser.screenshot(report, fragment: "#t=300&phone=\(index)", name: "strips-\(phone)", height: 2000).count
                    > 40_000)
        }
        // The page opens on a phone with an exit to explain; alice's strips show the OS's exit.
        let alice = try Browser.load(report, fragment: "#t=300&phone=0")
        #expect(alice.dom.contains(">OS: store exit<") && alice.dom.contains("didExitRegion store at"))
    }
}
